import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What a listener is told: each notice's payload, and whether notices can be heard at all right now. */
export interface ListenHandlers {
  notice(payload: string): void;
  /** `false` while the listening connection is lost (notices sent meanwhile are missed), `true` once back. */
  heard(listening: boolean): void;
}

/**
 * PostgreSQL's `LISTEN` on `channel` (a plain identifier). Resolves once asked; `heard` says when notices
 * actually arrive. `stop` ends the listening.
 */
export type Listen = (channel: string, handlers: ListenHandlers) => Promise<{ stop(): Promise<void> }>;

const CHANNEL = /^[a-z_][a-z0-9_]*$/;

const checked = (channel: string) => {
  if (!CHANNEL.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  return channel;
};

/** The embedded store's notices: its one process is the only one that can send them, none is ever missed. */
export function embeddedListen(client: PGlite): Listen {
  return async (channel, handlers) => {
    const unlisten = await client.listen(checked(channel), (payload) => handlers.notice(payload));
    handlers.heard(true);
    return { stop: () => unlisten() };
  };
}

/** Waits between attempts to listen again after the connection was lost: 1 s, doubling, at most 30 s. */
const RETRY_MS = { first: 1_000, most: 30_000 };

/**
 * A server's notices, on a connection of their own (a pooled one is handed to other queries between them). A
 * lost connection is reported (`heard(false)`) and opened again with back-off until it listens again.
 */
export function serverListen(databaseUrl: string, connectTimeoutMs: number): Listen {
  return async (channel, handlers) => {
    const name = checked(channel);
    let stopped = false;
    let client: pg.Client | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let wait = RETRY_MS.first;

    const lost = (from: pg.Client) => {
      if (client !== from) return;
      client = undefined;
      void from.end().catch(() => undefined);
      if (stopped) return;
      handlers.heard(false);
      retry = setTimeout(() => void connect(), wait);
      retry.unref();
      wait = Math.min(wait * 2, RETRY_MS.most);
    };

    const connect = async () => {
      const opened = new pg.Client({
        connectionString: databaseUrl,
        connectionTimeoutMillis: connectTimeoutMs,
      });
      client = opened;
      opened.on('notification', (message) => {
        if (message.channel === name) handlers.notice(message.payload ?? '');
      });
      // Unheard, an 'error' of an idle connection would end the process.
      opened.on('error', () => lost(opened));
      opened.on('end', () => lost(opened));
      try {
        await opened.connect();
        await opened.query(`LISTEN ${name}`);
        if (stopped || client !== opened) return void opened.end().catch(() => undefined);
        wait = RETRY_MS.first;
        handlers.heard(true);
      } catch {
        lost(opened);
      }
    };

    await connect();
    return {
      async stop() {
        stopped = true;
        clearTimeout(retry);
        const open = client;
        client = undefined;
        await open?.end().catch(() => undefined);
      },
    };
  };
}

/** `listen`, with every listening it started stopped by `stopAll` (the store's close, before its connections). */
export function stoppedWithStore(listen: Listen): { listen: Listen; stopAll(): Promise<void> } {
  const open = new Set<{ stop(): Promise<void> }>();
  return {
    async listen(channel, handlers) {
      const listening = await listen(channel, handlers);
      const tracked = {
        async stop() {
          open.delete(tracked);
          await listening.stop();
        },
      };
      open.add(tracked);
      return tracked;
    },
    async stopAll() {
      await Promise.all([...open].map((listening) => listening.stop().catch(() => undefined)));
    },
  };
}
