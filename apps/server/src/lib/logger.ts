/** The logging the server's code needs (pino's shape, which Fastify's logger has); services never see Fastify itself. */
export interface Logger {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
  /** a logger that adds these fields to every line */
  child(bindings: Record<string, unknown>): Logger;
}
