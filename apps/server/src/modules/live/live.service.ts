import type { LiveServerMessage, LiveTopic } from '@c2c/shared';
import type { Redis } from 'ioredis';
import type { Logger } from '../../lib/logger.js';

interface Socket {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** Which of a user's sockets to close: those of one session, or all but one session, or all. */
export type SessionSelector = { only: number } | { except: number } | 'all';
/** What goes over the channel: a customer's events (`message`: one, from a node of an earlier version), or a close. */
type ChannelMessage =
  | { userId: number; messages: LiveServerMessage[] }
  | { userId: number; message: LiveServerMessage }
  | { userId: number; close: SessionSelector };

/**
 * Who is connected, per customer, in this process. With Redis every process publishes to one channel
 * and each delivers to its own sockets, so an event reaches the user whichever process they hold.
 */
export class LiveHub {
  private readonly sockets = new Map<number, Map<Socket, number>>();
  private readonly channel: string;

  constructor(
    private readonly log: Logger,
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
          const msg = JSON.parse(raw) as ChannelMessage;
          if ('close' in msg) this.closeLocal(msg.userId, msg.close);
          else if ('messages' in msg) for (const m of msg.messages) this.deliver(msg.userId, m);
          else this.deliver(msg.userId, msg.message);
        } catch {
          log.warn('live: unreadable message on the channel');
        }
      });
    }
  }

  add(userId: number, sessionId: number, socket: Socket): () => void {
    let mine = this.sockets.get(userId);
    if (!mine) {
      mine = new Map();
      this.sockets.set(userId, mine);
    }
    mine.set(socket, sessionId);
    return () => {
      mine.delete(socket);
      if (mine.size === 0) this.sockets.delete(userId);
    };
  }

  /**
   * Closes the sockets of ended sessions (logout, password change elsewhere, reset), in every process: each
   * gets `{ type: 'error', code: -1 }` first, so the app runs its signed-out flow at once.
   */
  async endSessions(userId: number, which: SessionSelector): Promise<void> {
    if (this.pub) {
      try {
        await this.pub.publish(this.channel, JSON.stringify({ userId, close: which } satisfies ChannelMessage));
        return;
      } catch (err) {
        this.log.warn({ err: (err as Error).message }, 'live: publish failed, closing locally');
      }
    }
    this.closeLocal(userId, which);
  }

  /** Signs a customer out of every open app in every process at once (a frozen customer): all their sockets get -1 and close. */
  disconnectUser(userId: number): Promise<void> {
    return this.endSessions(userId, 'all');
  }

  private closeLocal(userId: number, which: SessionSelector) {
    const bye = JSON.stringify({ type: 'error', code: -1 } satisfies LiveServerMessage);
    for (const [socket, sessionId] of this.sockets.get(userId) ?? []) {
      const hit = which === 'all' || ('only' in which ? sessionId === which.only : sessionId !== which.except);
      if (!hit) continue;
      if (socket.readyState === 1) socket.send(bye);
      socket.close(4401, 'session ended');
    }
  }

  connections(userId: number): number {
    return this.sockets.get(userId)?.size ?? 0;
  }

  /** Tells every open app of `userId` that `topic` changed. Never throws: a lost event only delays a refresh. */
  notify(userId: number, topic: LiveTopic, ref?: string): Promise<void> {
    return this.notifyAll(userId, [topic], ref);
  }

  /**
   * Tells every open app of `userId` that each of `topics` changed, in that order: one message on the channel for them
   * all (a withdrawal changes the balance and the withdrawals: one publish, not two). Never throws.
   */
  async notifyAll(userId: number, topics: readonly LiveTopic[], ref?: string): Promise<void> {
    const messages = topics.map((topic): LiveServerMessage => (ref ? { type: 'event', topic, ref } : { type: 'event', topic }));
    if (!messages.length) return;
    if (this.pub) {
      try {
        await this.pub.publish(this.channel, JSON.stringify({ userId, messages } satisfies ChannelMessage));
        return;
      } catch (err) {
        this.log.warn({ err: (err as Error).message }, 'live: publish failed, delivering locally');
      }
    }
    for (const message of messages) this.deliver(userId, message);
  }

  private deliver(userId: number, message: LiveServerMessage) {
    const data = JSON.stringify(message);
    for (const socket of this.sockets.get(userId)?.keys() ?? []) if (socket.readyState === 1) socket.send(data);
  }

  close() {
    this.sub?.disconnect();
  }
}
