export declare const MAX_NODES: number;
export declare const USAGE: string;
export declare class ClusterError extends Error {}

export interface ClusterNode {
  name: string;
  url: string;
  port: number;
  pid: number;
  /** where the node's output goes: DATA_DIR/cluster/node-<n>.log */
  log: string;
  alive: boolean;
  /** sends a signal (default SIGTERM) */
  kill(signal?: NodeJS.Signals): void;
  exited: Promise<{ code: number | null; signal: string | null }>;
  /** starts the node again on its port once it has exited, and waits until it is ready */
  restart(): Promise<void>;
}

export interface Cluster {
  /** the balancer */
  url: string;
  /** DATA_DIR/cluster: haproxy.cfg and the nodes' logs */
  dir: string;
  haproxyPid: number;
  nodes: ClusterNode[];
  /** stops HAProxy and every node gracefully (killed after 10 s) */
  stop(): Promise<void>;
  /** settles once the cluster was stopped or can no longer serve (HAProxy or the last node died) */
  exited: Promise<void>;
}

export interface ClusterOptions {
  nodes?: number;
  port?: number;
  host?: string;
  env?: Record<string, string | undefined>;
  echo?: boolean;
  log?: (line: string) => void;
  keepClientForwardedFor?: boolean;
  onNodeExit?: (node: ClusterNode, code: number | null, signal: string | null) => void;
}

export declare function parseArgs(
  argv: string[],
  env?: Record<string, string | undefined>,
): { nodes: number; port: number; help: boolean };
export declare function haproxyConfig(opts: {
  host?: string;
  port: number;
  nodes: { port: number }[];
  keepClientForwardedFor?: boolean;
}): string;
export declare function findHaproxy(env?: Record<string, string | undefined>): string;
export declare function startCluster(options?: ClusterOptions): Promise<Cluster>;
