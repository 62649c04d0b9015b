// Where the web tier keeps a Save that met an ended session until Log In (record 050): in memory,
// or in Redis with REDIS_URL so that any instance gives it back. Against the real Redis the suite
// uses elsewhere, under keys of its own.
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import {
  type LazyRedis,
  lazyRedis,
  memoryStore,
  openKeptStores,
  redisStore,
} from "../../app/lib/kept-form-store.server.ts";
import type { KeptForm } from "../../app/lib/kept-forms.server.ts";

const REDIS_URL = "redis://127.0.0.1:6379";
const KiB = 1024;

const formOf = (values: Record<string, string>): KeptForm => ({
  location: "/admin/settings",
  version: 3,
  values,
  pictureLost: false,
  passwordLost: false,
  keptFor: "1",
});
/** A form of exactly `bytes` stored. */
function formOfSize(bytes: number): KeptForm {
  const overhead = JSON.stringify(formOf({ about: "" })).length;
  return formOf({ about: "x".repeat(bytes - overhead) });
}

const opened: { close(): Promise<void> }[] = [];
const prefixes: string[] = [];

function connection(url = REDIS_URL, name = "almoner-test"): LazyRedis {
  const redis = lazyRedis(url, name);
  opened.push(redis);
  return redis;
}

/** A store in Redis, as an instance of the web tier opens it, under keys of its own. */
function keptInRedis(
  maxBytes = 32 * 1024 * KiB,
  prefix = `almoner-test:${randomBytes(4).toString("hex")}`,
) {
  prefixes.push(prefix);
  return redisStore(connection(), { maxBytes, prefix });
}

afterAll(async () => {
  await Promise.all(opened.map((redis) => redis.close()));
  const redis = new Redis(REDIS_URL);
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  }
  await redis.quit();
});

describe.each([
  ["in memory", () => memoryStore()],
  ["in Redis", () => keptInRedis()],
])("a kept form %s", (_where, open) => {
  it("is given back by its token until it is forgotten", async () => {
    const store = open();
    const kept = formOf({ phone: "+44 20 7946 0000" });
    expect(await store.keep("token-1", kept)).toBe(true);
    expect(await store.get("token-1")).toEqual(kept);
    expect(await store.get("token-2")).toBeNull();
    await store.forget("token-1");
    expect(await store.get("token-1")).toBeNull();
  });

  it("is not kept over 2 MiB, and says so", async () => {
    const store = open();
    expect(await store.keep("large", formOfSize(2 * 1024 * KiB + 1))).toBe(false);
    expect(await store.get("large")).toBeNull();
    expect(await store.keep("fits", formOfSize(2 * 1024 * KiB))).toBe(true);
  });
});

describe("kept forms in Redis", () => {
  it("kept by one instance are given back by another", async () => {
    const prefix = `almoner-test:${randomBytes(4).toString("hex")}`;
    const [first, second] = [keptInRedis(undefined, prefix), keptInRedis(undefined, prefix)];
    const kept = formOf({ title: "Typed on the first instance" });
    expect(await first!.keep("shared", kept)).toBe(true);
    expect(await second!.get("shared")).toEqual(kept);
  });

  it("drop the oldest while all of them are over the bound", async () => {
    const store = keptInRedis(100 * KiB);
    for (const token of ["a", "b", "c"]) {
      expect(await store.keep(token, formOfSize(40 * KiB))).toBe(true);
    }
    expect(await store.get("a")).toBeNull();
    expect(await store.get("b")).not.toBeNull();
    expect(await store.get("c")).not.toBeNull();
  });

  it("are not kept when Redis does not answer, and nothing fails", async () => {
    const store = redisStore(connection("redis://127.0.0.1:1"), { maxBytes: 100 * KiB });
    expect(await store.keep("lost", formOf({ title: "Typed" }))).toBe(false);
    expect(await store.get("lost")).toBeNull();
    await store.forget("lost");
  });

  it("and previews of one web tier share one connection, opened at the first form kept", async () => {
    const stores = openKeptStores(REDIS_URL);
    opened.push(stores);
    const named = async () => {
      const redis = new Redis(REDIS_URL);
      const clients = (await redis.client("LIST")) as string;
      await redis.quit();
      return clients.split("\n").filter((line) => line.includes(" name=almoner-web:kept ")).length;
    };
    const before = await named();
    const token = `almoner-test-${randomBytes(4).toString("hex")}`;
    expect(await named()).toBe(before);
    expect(await stores.keptForms.keep(token, formOf({ title: "Typed" }))).toBe(true);
    expect(await stores.keptPreviews.get(token)).toBeNull();
    expect(await stores.keptForms.get(token)).toEqual(formOf({ title: "Typed" }));
    expect(await named()).toBe(before + 1);
    await stores.keptForms.forget(token);
  });
});
