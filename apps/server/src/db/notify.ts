import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { safeError } from '../core/logging';
import type { Db } from './client';

/** Handles the payload of one notification. */
export type NotificationHandler = (payload: string) => void;

type Log = { warn: (obj: object, msg: string) => void; info?: (obj: object, msg: string) => void };

/**
 * LISTEN/NOTIFY between the server instances on one database. `publish` is a plain `pg_notify` through
 * the pool (inside a transaction it goes out at commit, and only if it commits); notifications arrive on
 * one connection per instance: on PostgreSQL a dedicated client outside the pool that reconnects with
 * backoff, on PGlite its in-process listen. Every listening instance receives a notification, its sender
 * included.
 */
export type NotificationBus = {
  /** Sends `payload` (at most 8000 bytes) on `channel`; through `db` when given (a transaction). */
  publish: (channel: string, payload: string, db?: Db) => Promise<void>;
  /**
   * Calls `handler` for each notification on `channel`. Resolves once the channel is listened on, or
   * at once while the connection is down (it is listened on again when it is back). Returns the
   * function that stops it.
   */
  subscribe: (channel: string, handler: NotificationHandler) => Promise<() => Promise<void>>;
  /** False while notifications may be missed: before the first connection and while reconnecting. */
  isConnected: () => boolean;
  /** Told `false` when the connection is lost and `true` once every channel is listened on again. */
  onConnectionChange: (handler: (connected: boolean) => void) => () => void;
  /**
   * Listens on the channels subscribed so far (later ones at their subscribe). PostgreSQL: resolves after
   * the first connection attempt, failed or not; later ones run in the background.
   */
  start: () => Promise<void>;
  close: () => Promise<void>;
};

/** Reconnection and health-check timings of the PostgreSQL listener. */
export type NotificationBusOptions = {
  /** First delay before reconnecting; doubled after each failed attempt (100 ms). */
  reconnectMinMs?: number;
  /** Longest delay between attempts (5 s). */
  reconnectMaxMs?: number;
  /** A `select 1` on the listener connection this often finds a silently dead connection (30 s). */
  pingIntervalMs?: number;
  /** A ping not answered within this counts as a lost connection (10 s). */
  pingTimeoutMs?: number;
  /** `application_name` of the listener connection (LISTENER_APPLICATION_NAME). */
  applicationName?: string;
};

/** What `pg_stat_activity.application_name` shows for the listener connection. */
export const LISTENER_APPLICATION_NAME = 'uplus-listener';

const CHANNEL_RE = /^[a-z_][a-z0-9_]{0,62}$/;
const assertChannel = (channel: string) => {
  // Channels are interpolated into LISTEN: only plain lower-case identifiers.
  if (!CHANNEL_RE.test(channel)) throw new Error(`invalid notification channel: ${channel}`);
};

/** `select pg_notify(channel, payload)` through `db`. */
export const notify = async (db: Db, channel: string, payload: string): Promise<void> => {
  assertChannel(channel);
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
};

/** Handlers by channel, with the dispatch every driver shares. */
const createHandlers = (log: Log) => {
  const byChannel = new Map<string, Set<NotificationHandler>>();
  return {
    byChannel,
    add: (channel: string, handler: NotificationHandler) => {
      let set = byChannel.get(channel);
      const isNew = !set;
      if (!set) {
        set = new Set();
        byChannel.set(channel, set);
      }
      set.add(handler);
      return isNew;
    },
    /** Removes a handler; true when it was the channel's last. */
    remove: (channel: string, handler: NotificationHandler) => {
      const set = byChannel.get(channel);
      if (!set?.delete(handler)) return false;
      if (set.size > 0) return false;
      byChannel.delete(channel);
      return true;
    },
    dispatch: (channel: string, payload: string) => {
      for (const handler of byChannel.get(channel) ?? []) {
        try {
          handler(payload);
        } catch (error) {
          log.warn({ err: safeError(error), channel }, 'notification handler failed');
        }
      }
    },
  };
};

/** Calls every handler with `connected`; a failing handler is logged, the others still run. */
const createStateHandlers = (log: Log) => {
  const set = new Set<(connected: boolean) => void>();
  return {
    set,
    emit: (connected: boolean) => {
      for (const handler of set) {
        try {
          handler(connected);
        } catch (error) {
          log.warn({ err: safeError(error) }, 'connection-change handler failed');
        }
      }
    },
    add: (handler: (connected: boolean) => void) => {
      set.add(handler);
      return () => {
        set.delete(handler);
      };
    },
  };
};

const createPgliteBus = (db: Db, log: Log): NotificationBus => {
  const handlers = createHandlers(log);
  const stateHandlers = createStateHandlers(log);
  // PGlite runs in this process: once started, its listen never loses a connection.
  const unlisteners = new Map<string, Promise<() => Promise<void>>>();
  let started = false;
  let closed = false;
  const listen = (channel: string) => {
    const client = (db as unknown as { $client: PGlite }).$client;
    const unlisten = client.listen(channel, (payload) => handlers.dispatch(channel, payload ?? ''));
    unlisteners.set(channel, unlisten);
    return unlisten;
  };
  return {
    publish: (channel, payload, via) => notify(via ?? db, channel, payload),
    subscribe: async (channel, handler) => {
      assertChannel(channel);
      if (handlers.add(channel, handler) && started && !closed) await listen(channel);
      else await unlisteners.get(channel);
      return async () => {
        if (!handlers.remove(channel, handler)) return;
        const unlisten = unlisteners.get(channel);
        unlisteners.delete(channel);
        if (!closed) await (await unlisten?.catch(() => null))?.();
      };
    },
    isConnected: () => started && !closed,
    onConnectionChange: stateHandlers.add,
    start: async () => {
      if (started || closed) return;
      started = true;
      for (const channel of handlers.byChannel.keys()) await listen(channel);
      stateHandlers.emit(true);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      const pending = [...unlisteners.values()];
      unlisteners.clear();
      handlers.byChannel.clear();
      if (started) stateHandlers.emit(false);
      stateHandlers.set.clear();
      for (const unlisten of pending) await (await unlisten.catch(() => null))?.().catch(() => undefined);
    },
  };
};

const createPgBus = (db: Db, log: Log, options: NotificationBusOptions): NotificationBus => {
  const minMs = options.reconnectMinMs ?? 100;
  const maxMs = options.reconnectMaxMs ?? 5000;
  const pingIntervalMs = options.pingIntervalMs ?? 30_000;
  const pingTimeoutMs = options.pingTimeoutMs ?? 10_000;
  const handlers = createHandlers(log);
  const stateHandlers = createStateHandlers(log);
  /** The connection listening now (null while down). */
  let client: pg.Client | null = null;
  let connected = false;
  let closed = false;
  let started = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | null = null;
  let pingTimer: NodeJS.Timeout | null = null;
  let connecting: Promise<void> | null = null;

  const setConnected = (value: boolean) => {
    if (connected === value) return;
    connected = value;
    stateHandlers.emit(value);
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    const delay = Math.min(maxMs, minMs * 2 ** Math.min(failures, 16));
    failures++;
    // Jitter: instances that lost the database together do not all come back in the same millisecond.
    retryTimer = setTimeout(
      () => {
        retryTimer = null;
        void connect();
      },
      delay / 2 + Math.random() * (delay / 2),
    );
    retryTimer.unref();
  };

  /** Drops `lostClient` (when it is still the current one) and tries again later. */
  const lose = (lostClient: pg.Client, error?: Error) => {
    if (client !== lostClient) return;
    client = null;
    if (pingTimer) clearInterval(pingTimer);
    pingTimer = null;
    setConnected(false);
    lostClient.end().catch(() => undefined);
    if (closed) return;
    log.warn(
      { err: error ? safeError(error) : { message: 'connection ended' } },
      'notification listener lost its connection',
    );
    scheduleReconnect();
  };

  const ping = (c: pg.Client) => {
    let timer: NodeJS.Timeout | null = null;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('listener ping timed out')), pingTimeoutMs);
    });
    Promise.race([c.query('select 1'), timeout])
      .catch((error: Error) => lose(c, error))
      .finally(() => {
        if (timer) clearTimeout(timer);
      });
  };

  const connectOnce = async () => {
    // The pool's settings, read only now: building an app does not touch its database.
    const pool = (db as unknown as { $client: pg.Pool }).$client;
    const c = new pg.Client({
      ...(pool.options as pg.ClientConfig),
      application_name: options.applicationName ?? LISTENER_APPLICATION_NAME,
      keepAlive: true,
    });
    c.on('notification', (n) => handlers.dispatch(n.channel, n.payload ?? ''));
    // Until it listens, a failure is the connect attempt's own error.
    c.on('error', (error) => lose(c, error));
    c.on('end', () => lose(c));
    try {
      await c.connect();
      client = c;
      // Channels subscribed while this runs are listened on by their own subscribe call.
      for (const channel of [...handlers.byChannel.keys()]) await c.query(`listen ${channel}`);
    } catch (error) {
      if (client === c) client = null;
      c.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      client = null;
      await c.end().catch(() => undefined);
      return;
    }
    failures = 0;
    pingTimer = setInterval(() => ping(c), pingIntervalMs);
    pingTimer.unref();
    setConnected(true);
  };

  const connect = (): Promise<void> => {
    if (closed) return Promise.resolve();
    connecting ??= connectOnce()
      .catch((error: Error) => {
        log.warn({ err: safeError(error) }, 'notification listener could not connect');
        scheduleReconnect();
      })
      .finally(() => {
        connecting = null;
      });
    return connecting;
  };

  return {
    publish: (channel, payload, via) => notify(via ?? db, channel, payload),
    subscribe: async (channel, handler) => {
      assertChannel(channel);
      if (handlers.add(channel, handler) && client) {
        const current = client;
        // A failure here is a lost connection: the next one listens on every channel.
        await current.query(`listen ${channel}`).catch((error: Error) => lose(current, error));
      }
      return async () => {
        if (!handlers.remove(channel, handler) || !client) return;
        await client.query(`unlisten ${channel}`).catch(() => undefined);
      };
    },
    isConnected: () => connected,
    onConnectionChange: stateHandlers.add,
    start: async () => {
      if (started || closed) return;
      started = true;
      await connect();
    },
    close: async () => {
      if (closed) return;
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (pingTimer) clearInterval(pingTimer);
      retryTimer = null;
      pingTimer = null;
      await connecting;
      const c = client;
      client = null;
      setConnected(false);
      stateHandlers.set.clear();
      handlers.byChannel.clear();
      await c?.end().catch(() => undefined);
    },
  };
};

/** The bus of a database: PGlite's in-process listen, or a PostgreSQL listener connection. */
export const createNotificationBus = (deps: {
  db: Db;
  driver: 'pglite' | 'pg';
  log: Log;
  options?: NotificationBusOptions;
}): NotificationBus =>
  deps.driver === 'pglite'
    ? createPgliteBus(deps.db, deps.log)
    : createPgBus(deps.db, deps.log, deps.options ?? {});
