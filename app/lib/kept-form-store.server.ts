import type { Redis } from "ioredis";
import { LRUCache } from "lru-cache";
import type { KeptPreview } from "./entry-preview.server.ts";
import type { KeptForm } from "./kept-forms.server.ts";

/**
 * Where what an admin typed waits an hour, by a random token: the forms of record 050 for their
 * admin to log in again, the previews of record 058 for their tab to be reloaded. Every store is
 * bounded by bytes: a flood of anonymous posts only pushes out older forms.
 */
export type KeptStore<T> = {
  /** False when it was not kept: too large, or the store did not answer. */
  keep(token: string, kept: T): Promise<boolean>;
  get(token: string): Promise<T | null>;
  forget(token: string): Promise<void>;
};

export type KeptFormStore = KeptStore<KeptForm>;

export const KEPT_FOR_MS = 60 * 60 * 1000;
const MiB = 1024 * 1024;
const DEFAULT_BOUNDS: StoreBounds = { maxBytes: 32 * MiB };
const MAX_FORM_BYTES = 2 * MiB;

/**
 * The stores of this web tier: with REDIS_URL in Redis, through one connection, so that what one
 * instance kept comes back through any other; else in this web tier's memory.
 */
export function openKeptStores(redisUrl: string | undefined) {
  const redis = redisUrl ? lazyRedis(redisUrl, "almoner-web:kept") : null;
  const open = <T>(bounds: StoreBounds) =>
    redis ? redisStore<T>(redis, bounds) : memoryStore<T>(bounds);
  return {
    keptForms: open<KeptForm>(DEFAULT_BOUNDS),
    keptPreviews: open<KeptPreview>({ maxBytes: 16 * MiB, prefix: "almoner:preview" }),
    close: async () => redis?.close(),
  };
}

/** What all the forms kept may take; `prefix` names a Redis store's keys (tests keep apart by it). */
type StoreBounds = { maxBytes: number; prefix?: string };

export function memoryStore<T = KeptForm>({
  maxBytes,
}: StoreBounds = DEFAULT_BOUNDS): KeptStore<T> {
  const forms = new LRUCache<string, string>({
    max: 1000,
    maxSize: maxBytes,
    sizeCalculation: (json) => Math.max(1, Buffer.byteLength(json)),
    ttl: KEPT_FOR_MS,
  });
  return {
    keep: async (token, kept) => {
      const json = withinBound(kept);
      if (json !== null) forms.set(token, json);
      return json !== null;
    },
    get: async (token) => parsed<T>(forms.get(token)),
    forget: async (token) => void forms.delete(token),
  };
}

/**
 * Stores a form and drops the oldest while the forms kept exceed the bound, in one step on the
 * server so that instances keeping forms at once count them right. A form that expired or was
 * taken still counts until it is dropped: the bound errs towards keeping less.
 */
const KEEP_SCRIPT = `
local prefix, index, total_key = KEYS[1], KEYS[2], KEYS[3]
local token, json, ttl, max_bytes = ARGV[1], ARGV[2], tonumber(ARGV[3]), tonumber(ARGV[4])
redis.call('SET', prefix .. token, json, 'PX', ttl)
redis.call('RPUSH', index, token .. ' ' .. #json)
local total = redis.call('INCRBY', total_key, #json)
while total > max_bytes do
  local oldest = redis.call('LPOP', index)
  if not oldest then break end
  local space = string.find(oldest, ' ')
  redis.call('DEL', prefix .. string.sub(oldest, 1, space - 1))
  total = redis.call('DECRBY', total_key, tonumber(string.sub(oldest, space + 1)))
end
redis.call('PEXPIRE', index, ttl)
redis.call('PEXPIRE', total_key, ttl)
return total
`;

/** One Redis connection for every store of this web tier, made at the first command. */
export type LazyRedis = {
  /** The command's answer, or `fallback` when Redis does not answer (one warning an outage). */
  run<T>(command: (redis: Redis) => Promise<T>, fallback: T): Promise<T>;
  close(): Promise<void>;
};

export function lazyRedis(url: string, connectionName: string): LazyRedis {
  let warned = false;
  const warnOnce = (error: unknown) => {
    if (warned) return;
    warned = true;
    console.warn(`Redis (REDIS_URL, kept forms) failed: ${(error as Error).message}`);
  };
  // Connected at the first kept form, so a web tier that never keeps one holds no connection.
  let connection: Promise<Redis> | undefined;
  const connected = () =>
    (connection ??= import("ioredis").then(({ Redis }) => {
      const options = { maxRetriesPerRequest: 1, commandTimeout: 2_000, connectionName };
      const redis = new Redis(url, options);
      redis.on("error", warnOnce);
      redis.on("ready", () => (warned = false));
      return redis;
    }));
  return {
    // Redis not answering costs what was typed, as it would have without the store, never the page.
    run: (command, fallback) =>
      connected()
        .then(command)
        .catch((error: unknown) => (warnOnce(error), fallback)),
    async close() {
      const redis = await connection;
      await redis?.quit().catch(() => redis.disconnect());
    },
  };
}

export function redisStore<T = KeptForm>(
  redis: LazyRedis,
  { maxBytes, prefix = "almoner:kept" }: StoreBounds,
): KeptStore<T> {
  const formKey = `${prefix}:`;
  // Tokens with their sizes, oldest first, and their total: what bounds the store.
  const keys = [formKey, `${prefix}-index`, `${prefix}-bytes`];
  return {
    async keep(token, kept) {
      const json = withinBound(kept);
      if (json === null) return false;
      const args = [token, json, KEPT_FOR_MS, maxBytes];
      const keeping = (client: Redis) => client.eval(KEEP_SCRIPT, keys.length, ...keys, ...args);
      return redis.run((client) => keeping(client).then(() => true), false);
    },
    get: async (token) => parsed<T>(await redis.run((client) => client.get(formKey + token), null)),
    forget: async (token) => void (await redis.run((client) => client.del(formKey + token), 0)),
  };
}

/** The form as stored, or null when it is over what one form may take. */
function withinBound(kept: unknown): string | null {
  const json = JSON.stringify(kept);
  return Buffer.byteLength(json) > MAX_FORM_BYTES ? null : json;
}

function parsed<T>(json: string | null | undefined): T | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as T;
  } catch {
    return null;
  }
}
