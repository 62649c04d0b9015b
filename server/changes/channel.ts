import type pg from "pg";

/**
 * The channel on which the API says "content changed" and every web tier hears it (record 045):
 * Redis pub/sub with REDIS_URL, else PostgreSQL LISTEN/NOTIFY with a postgres DATABASE_URL, else
 * none (a single instance on SQLite clears its own pages after its own saves). Both sides pick
 * it from their own environment by the same rule, so an API and a web tier that share a Redis
 * or a database meet on it.
 */
export type ChangeChannelOptions = {
  redisUrl?: string;
  databaseUrl?: string;
  /** Redis channel, or PostgreSQL channel (an identifier); tests keep apart by it. */
  name?: string;
  warn: (message: string) => void;
};

export type ChangeChannelKind = "redis" | "postgres";

/** What one change says: the write's method and route pattern (subscribers forget every page). */
export type Change = { method: string; route: string };

export type ChangePublisher = {
  kind: ChangeChannelKind;
  /** Never throws: a change that cannot be announced is logged (subscribers resync on reconnect). */
  publish(change: Change): void;
  close(): Promise<void>;
};

export type ChangeSubscription = { kind: ChangeChannelKind; close(): Promise<void> };

export type ChangeListener = {
  /** A change was announced. */
  onChange(change: Change): void;
  /**
   * The channel is (again) listening: changes made while it was not may have been missed, so
   * whatever was kept from before should be forgotten. Called after every (re)connection.
   */
  onResync(): void;
};

export const DEFAULT_CHANNEL = "almoner_changes";
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5_000;

export function changeChannelKind(
  options: Pick<ChangeChannelOptions, "redisUrl" | "databaseUrl">,
): ChangeChannelKind | null {
  if (options.redisUrl) return "redis";
  if (options.databaseUrl && /^postgres(ql)?:/.test(options.databaseUrl)) return "postgres";
  return null;
}

/**
 * The API's side. On PostgreSQL it notifies through `pool` (the API's own) when given, so a
 * change costs one pooled query and no connection of its own.
 */
export async function openChangePublisher(
  options: ChangeChannelOptions & { pool?: pg.Pool },
): Promise<ChangePublisher | null> {
  const name = options.name ?? DEFAULT_CHANNEL;
  const failed = (error: unknown) =>
    options.warn(`Could not announce a change: ${(error as Error).message}`);
  switch (changeChannelKind(options)) {
    case "redis": {
      const { Redis } = await import("ioredis");
      // A publish during a short outage waits for the reconnection (a few tries, then it fails).
      const redis = new Redis(options.redisUrl!, { maxRetriesPerRequest: 3 });
      redis.on("error", onceAnOutage(options.warn, "Redis (REDIS_URL, changes)", redis));
      return {
        kind: "redis",
        publish: (change) => void redis.publish(name, JSON.stringify(change)).catch(failed),
        close: () => redis.quit().then(noop, () => redis.disconnect()),
      };
    }
    case "postgres": {
      const { default: postgres } = await import("pg");
      const pool =
        options.pool ?? new postgres.Pool({ connectionString: options.databaseUrl, max: 1 });
      const own = pool !== options.pool;
      if (own) pool.on("error", failed);
      return {
        kind: "postgres",
        publish: (change) =>
          void pool.query("select pg_notify($1, $2)", [name, JSON.stringify(change)]).catch(failed),
        close: async () => {
          if (own) await pool.end();
        },
      };
    }
    default:
      return null;
  }
}

/** The web tier's side: hears every change until closed, reconnecting after the broker drops. */
export async function subscribeToChanges(
  options: ChangeChannelOptions,
  listener: ChangeListener,
): Promise<ChangeSubscription | null> {
  const name = options.name ?? DEFAULT_CHANNEL;
  const heard = (payload: string | undefined) => {
    let change: Change = { method: "", route: "" };
    try {
      change = JSON.parse(payload ?? "") as Change;
    } catch {
      // Whatever it says, something changed.
    }
    listener.onChange(change);
  };
  switch (changeChannelKind(options)) {
    case "redis":
      return subscribeOnRedis(options.redisUrl!, name, heard, listener.onResync, options.warn);
    case "postgres":
      return listenOnPostgres(options.databaseUrl!, name, heard, listener.onResync, options.warn);
    default:
      return null;
  }
}

async function subscribeOnRedis(
  url: string,
  name: string,
  heard: (payload: string) => void,
  resync: () => void,
  warn: (message: string) => void,
): Promise<ChangeSubscription> {
  const { Redis } = await import("ioredis");
  // ioredis reconnects on its own (up to 2 s apart) and subscribes again before "ready".
  // Named, so an operator (or a test) can tell it apart in CLIENT LIST.
  const redis = new Redis(url, { maxRetriesPerRequest: null, connectionName: `listener:${name}` });
  redis.on("error", onceAnOutage(warn, "Redis (REDIS_URL, changes)", redis));
  redis.on("message", (channel: string, payload: string) => {
    if (channel === name) heard(payload);
  });
  redis.on("ready", resync);
  redis.subscribe(name).catch((error: Error) => warn(`Cannot hear changes: ${error.message}`));
  return { kind: "redis", close: () => redis.quit().then(noop, () => redis.disconnect()) };
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to others); pg does not
 * reconnect, so this does, backing off from 250 ms to 5 s. TCP keep-alive notices a connection
 * that died silently (a dropped route, a failover) within about 20 s.
 */
async function listenOnPostgres(
  url: string,
  name: string,
  heard: (payload: string | undefined) => void,
  resync: () => void,
  warn: (message: string) => void,
): Promise<ChangeSubscription> {
  const { default: postgres } = await import("pg");
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = RETRY_FIRST_MS;
  let retry: NodeJS.Timeout | undefined;
  let down = false;

  function drop(dropped: pg.Client, error?: Error) {
    if (client !== dropped) return;
    client = null;
    dropped.end().catch(noop);
    if (closed) return;
    if (!down) warn(`PostgreSQL (DATABASE_URL, changes) lost: ${error?.message ?? "closed"}`);
    down = true;
    retry = setTimeout(connect, retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  }

  async function connect() {
    if (closed) return;
    const connecting = new postgres.Client({
      connectionString: url,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: 5_000,
    });
    client = connecting;
    connecting.on("notification", (message) => {
      if (message.channel === name) heard(message.payload);
    });
    connecting.on("error", (error) => drop(connecting, error));
    connecting.on("end", () => drop(connecting));
    try {
      await connecting.connect();
      await connecting.query(`LISTEN "${name.replaceAll('"', '""')}"`);
    } catch (error) {
      return drop(connecting, error as Error);
    }
    if (client !== connecting) return;
    if (down) warn("PostgreSQL (DATABASE_URL, changes) listening again");
    down = false;
    retryMs = RETRY_FIRST_MS;
    resync();
  }

  await connect();
  return {
    kind: "postgres",
    async close() {
      closed = true;
      clearTimeout(retry);
      const open = client;
      client = null;
      await open?.end().catch(noop);
    },
  };
}

/** An "error" handler that says so once per outage, not on every reconnection attempt. */
function onceAnOutage(
  warn: (message: string) => void,
  what: string,
  redis: { on(event: "ready", listener: () => void): unknown },
) {
  let down = false;
  redis.on("ready", () => {
    if (down) warn(`${what} back`);
    down = false;
  });
  return (error: Error) => {
    if (!down) warn(`${what} failed: ${error.message}`);
    down = true;
  };
}

const noop = () => {};
