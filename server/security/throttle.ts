import { RateLimiterPostgres, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { ConfigError } from "../config.ts";
import type { DatabaseHandle, DB } from "../db/database.ts";
import { tooManyAttempts } from "../errors.ts";
import { sha256Hex } from "./encryption.ts";

/**
 * A fixed window, as Laravel's RateLimiter keeps one: the first attempt opens a window of
 * `decaySeconds`, and the window allows `attempts` attempts.
 */
export type Limit = { attempts: number; decaySeconds: number };

/** Attempts counted where every API instance sees them: the database, or Redis with REDIS_URL. */
export type ThrottleStore<Name extends string> = {
  /**
   * Counts one attempt, atomically and before the caller does the work it guards, so attempts
   * that arrive together are counted one after another; throws 429 past the limit.
   */
  hit(name: Name, key: string): Promise<void>;
  /** Forgets the key's attempts (Laravel's RateLimiter::clear after a successful login). */
  clear(name: Name, key: string): Promise<void>;
  close(): Promise<void>;
};

/** The part of rate-limiter-flexible's limiters the throttles use. */
type Limiter = {
  consume(key: string): Promise<RateLimiterRes>;
  delete(key: string): Promise<boolean>;
};

type Backend = { limiter(name: string, limit: Limit): Limiter; close(): Promise<void> };

type Log = { warn(object: object, message: string): void };

const SWEEP_EVERY_MS = 5 * 60 * 1000;

export async function openThrottleStore<Name extends string>(
  limits: Record<Name, Limit>,
  options: {
    database: DatabaseHandle;
    redisUrl?: string;
    /** Prepended to every Redis key, so several sites (or test runs) can share one Redis. */
    keyPrefix: string;
    log: Log;
  },
): Promise<ThrottleStore<Name>> {
  const backend = options.redisUrl
    ? await redisBackend(options.redisUrl, options.keyPrefix, options.log)
    : databaseBackend(options.database);
  const limiters = new Map<string, Limiter>();
  for (const [name, limit] of Object.entries<Limit>(limits))
    limiters.set(name, backend.limiter(name, limit));
  const limiterOf = (name: Name) => limiters.get(name)!;

  return {
    async hit(name, key) {
      try {
        // Each key is kept as its SHA-256: any key fits PostgreSQL's index (a fuzzed 1 MB email
        // was refused there with a 500), and no email address is kept.
        await limiterOf(name).consume(sha256Hex(key));
      } catch (rejection) {
        // The library rejects with its result past the limit, and with an Error when the store fails.
        if (rejection instanceof RateLimiterRes)
          throw tooManyAttempts(rejection.msBeforeNext / 1000);
        throw rejection;
      }
    },
    async clear(name, key) {
      await limiterOf(name).delete(sha256Hex(key));
    },
    close: () => backend.close(),
  };
}

async function redisBackend(url: string, keyPrefix: string, log: Log): Promise<Backend> {
  // Without the offline queue a command fails at once while Redis is away (a 500 for that
  // request) instead of waiting for a reconnection; ioredis keeps reconnecting meanwhile.
  // Loaded only with REDIS_URL, so other sites do not carry the client in their memory.
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, { lazyConnect: true, enableOfflineQueue: false });
  redis.on("error", (error: Error) => log.warn({ err: error }, "Redis (REDIS_URL) failed"));
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new ConfigError(`Cannot reach REDIS_URL: ${(error as Error).message}`);
  }
  return {
    limiter: (name, limit) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${keyPrefix}${name}`,
        points: limit.attempts,
        duration: limit.decaySeconds,
      }),
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Counters in the `throttles` table (migration 0004), swept of ended windows every 5 minutes. */
function databaseBackend({ db, dialect, pool }: DatabaseHandle): Backend {
  const sweep = setInterval(() => {
    db.deleteFrom("throttles")
      .where("expire", "<", Date.now())
      .execute()
      .catch(() => {}); // the next sweep tries again
  }, SWEEP_EVERY_MS);
  sweep.unref();
  return {
    limiter(name, limit) {
      if (dialect === "sqlite") return sqliteLimiter(db, name, limit);
      return new RateLimiterPostgres({
        storeClient: pool,
        storeType: "pool",
        tableName: "throttles",
        tableCreated: true,
        clearExpiredByTimeout: false,
        keyPrefix: name,
        points: limit.attempts,
        duration: limit.decaySeconds,
      });
    },
    close: async () => clearInterval(sweep),
  };
}

/**
 * RateLimiterPostgres's upsert on SQLite, through Kysely. The library's RateLimiterSQLite writes
 * on the better-sqlite3 handle itself, past Kysely's lock on that one connection: its count would
 * join whatever transaction another request has open there, and vanish with its rollback. Here a
 * single INSERT … ON CONFLICT DO UPDATE … RETURNING counts and reads atomically, queued behind
 * Kysely's other statements like any query.
 */
function sqliteLimiter(db: DB, name: string, limit: Limit): Limiter {
  const rowKey = (key: string) => `${name}:${key}`;
  return {
    async consume(key) {
      const now = Date.now();
      const row = await db
        .insertInto("throttles")
        .values({ key: rowKey(key), points: 1, expire: now + limit.decaySeconds * 1000 })
        .onConflict((conflict) =>
          conflict.column("key").doUpdateSet((eb) => {
            const open = eb("throttles.expire", ">", now);
            return {
              points: eb
                .case()
                .when(open)
                .then(eb("throttles.points", "+", 1))
                .else(eb.ref("excluded.points"))
                .end(),
              expire: eb
                .case()
                .when(open)
                .then(eb.ref("throttles.expire"))
                .else(eb.ref("excluded.expire"))
                .end(),
            };
          }),
        )
        .returning(["points", "expire"])
        .executeTakeFirstOrThrow();
      const result = new RateLimiterRes(
        Math.max(limit.attempts - row.points, 0),
        Math.max(Number(row.expire) - now, 0),
        row.points,
        row.points === 1,
      );
      if (row.points > limit.attempts) throw result;
      return result;
    },
    async delete(key) {
      const { numDeletedRows } = await db
        .deleteFrom("throttles")
        .where("key", "=", rowKey(key))
        .executeTakeFirst();
      return numDeletedRows > 0n;
    },
  };
}
