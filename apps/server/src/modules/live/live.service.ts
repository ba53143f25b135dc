import type { LiveServerMessage, LiveTopic } from '@c2c/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

interface Socket {
  readyState: number;
  send(data: string): void;
}

/**
 * Who is connected, per customer, in this process. With Redis every process publishes to one channel
 * and each delivers to its own sockets, so an event reaches the user whichever process they hold.
 */
export class LiveHub {
  private readonly sockets = new Map<number, Set<Socket>>();
  private readonly channel: string;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly pub?: Redis,
    private readonly sub?: Redis,
    prefix = 'c2c:',
  ) {
    this.channel = `${prefix}live`;
    if (sub) {
      sub.subscribe(this.channel).catch((err: Error) => log.warn({ err: err.message }, 'live: subscribe failed'));
      sub.on('message', (channel, raw) => {
        if (channel !== this.channel) return;
        try {
          const { userId, message } = JSON.parse(raw) as { userId: number; message: LiveServerMessage };
          this.deliver(userId, message);
        } catch {
          log.warn('live: unreadable message on the channel');
        }
      });
    }
  }

  add(userId: number, socket: Socket): () => void {
    let set = this.sockets.get(userId);
    if (!set) {
      set = new Set();
      this.sockets.set(userId, set);
    }
    set.add(socket);
    return () => {
      set.delete(socket);
      if (set.size === 0) this.sockets.delete(userId);
    };
  }

  connections(userId: number): number {
    return this.sockets.get(userId)?.size ?? 0;
  }

  /** Tells every open app of `userId` that `topic` changed. Never throws: a lost event only delays a refresh. */
  async notify(userId: number, topic: LiveTopic, ref?: string): Promise<void> {
    const message: LiveServerMessage = ref ? { type: 'event', topic, ref } : { type: 'event', topic };
    if (this.pub) {
      try {
        await this.pub.publish(this.channel, JSON.stringify({ userId, message }));
        return;
      } catch (err) {
        this.log.warn({ err: (err as Error).message }, 'live: publish failed, delivering locally');
      }
    }
    this.deliver(userId, message);
  }

  private deliver(userId: number, message: LiveServerMessage) {
    const data = JSON.stringify(message);
    for (const socket of this.sockets.get(userId) ?? []) if (socket.readyState === 1) socket.send(data);
  }

  close() {
    this.sub?.disconnect();
  }
}
