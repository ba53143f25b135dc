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
/** One customer's events of one change, in order. */
interface Events {
  userId: number;
  messages: LiveServerMessage[];
}
/**
 * What goes over the channel: the events of the changes one process committed in one turn of its event loop
 * (`batch`; one change's alone as `Events`, which the version before read), a close; or, from a node of an earlier
 * version still, one `message`.
 */
type ChannelMessage =
  | { batch: Events[] }
  | Events
  | { userId: number; message: LiveServerMessage }
  | { userId: number; close: SessionSelector };

/**
 * Who is connected, per customer, in this process. With Redis every process publishes to one channel
 * and each delivers to its own sockets, so an event reaches the user whichever process they hold.
 */
export class LiveHub {
  private readonly sockets = new Map<number, Map<Socket, number>>();
  private readonly channel: string;
  /** the events waiting for this turn of the event loop's publish, and who waits for it (`notifyAll`) */
  private outgoing: { events: Events[]; sent: Promise<void> } | undefined;

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
          if ('batch' in msg) for (const e of msg.batch) this.deliverAll(e);
          else if ('close' in msg) this.closeLocal(msg.userId, msg.close);
          else if ('messages' in msg) this.deliverAll(msg);
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
   * Tells every open app of `userId` that each of `topics` changed, in that order. With Redis, the events of every change
   * told in one turn of the event loop go out as one message on the channel, once the turn's callbacks have run (under
   * load a turn answers many COMMITs: one publish, and one message for every process to read, instead of one each);
   * answers once it was published. Never throws: a publish that failed is delivered to this process's sockets.
   */
  notifyAll(userId: number, topics: readonly LiveTopic[], ref?: string): Promise<void> {
    const messages = topics.map((topic): LiveServerMessage => (ref ? { type: 'event', topic, ref } : { type: 'event', topic }));
    if (!messages.length) return Promise.resolve();
    if (!this.pub) {
      this.deliverAll({ userId, messages });
      return Promise.resolve();
    }
    if (!this.outgoing) {
      const events: Events[] = [];
      const pub = this.pub;
      const sent = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
        this.outgoing = undefined;
        try {
          // a turn with one change publishes it in the form nodes of the earlier version read too (a rolling deploy's
          // old nodes drop a `batch` unread): only turns of several changes need the batch
          const message: ChannelMessage = events.length === 1 ? events[0]! : { batch: events };
          await pub.publish(this.channel, JSON.stringify(message));
        } catch (err) {
          this.log.warn({ err: (err as Error).message }, 'live: publish failed, delivering locally');
          for (const e of events) this.deliverAll(e);
        }
      });
      this.outgoing = { events, sent };
    }
    this.outgoing.events.push({ userId, messages });
    return this.outgoing.sent;
  }

  private deliverAll({ userId, messages }: Events) {
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
