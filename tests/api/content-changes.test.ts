import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.ts";
import {
  type Change,
  type ChangeSubscription,
  subscribeToChanges,
} from "../../server/changes/channel.ts";
import { openDatabase } from "../../server/db/database.ts";
import { clientAs } from "../support/admin-calls.ts";
import { createUser, DEFAULT_PASSWORD } from "../support/factories.ts";
import type { HttpClient } from "../support/http-client.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

/**
 * What a web tier hears of the API's writes (record 045): every successful write to content,
 * within a second, on Redis pub/sub with REDIS_URL and on PostgreSQL LISTEN/NOTIFY without it;
 * nothing on a single SQLite instance.
 */
const REDIS_URL = "redis://127.0.0.1:6379";
const WITHIN_A_SECOND = { timeout: 1_000, interval: 10 };

type Heard = { changes: Change[]; resyncs: number; warnings: string[] };

async function listen(api: TestApi, name: string, env: { redisUrl?: string }) {
  const heard: Heard = { changes: [], resyncs: 0, warnings: [] };
  const subscription = await subscribeToChanges(
    {
      redisUrl: env.redisUrl,
      databaseUrl: api.config.databaseUrl,
      name,
      warn: (message) => heard.warnings.push(message),
    },
    {
      onChange: (change) => heard.changes.push(change),
      onResync: () => (heard.resyncs += 1),
    },
  );
  return { heard, subscription };
}

/** A save's answer, then the time until the listener heard of it. */
async function timeToHear(heard: Heard, save: () => Promise<{ status: number }>) {
  const before = heard.changes.length;
  const started = performance.now();
  expect((await save()).status).toBeLessThan(300);
  await expect.poll(() => heard.changes.length, WITHIN_A_SECOND).toBe(before + 1);
  return performance.now() - started;
}

function describeChannel(kind: "redis" | "postgres", env: Record<string, string>) {
  let api: TestApi;
  let admin: HttpClient;
  let heard: Heard;
  let subscription: ChangeSubscription | null;
  const name = `almoner_test_${randomBytes(5).toString("hex")}`;

  beforeAll(async () => {
    api = await startTestApi(env, { changeChannel: name });
    admin = await clientAs(api, "admin");
    ({ heard, subscription } = await listen(api, name, { redisUrl: env.REDIS_URL }));
  });
  afterAll(async () => {
    await subscription?.close();
    await api?.close();
  });

  it(`listens on ${kind}`, async () => {
    expect(subscription?.kind).toBe(kind);
    await expect.poll(() => heard.resyncs).toBe(1);
  });

  it("hears a save of the settings and a new entry within a second", async () => {
    await timeToHear(heard, () => admin.put("/api/settings", { phone: "+1 555 0100" }));
    await timeToHear(heard, () => admin.post("/api/blog", { title: `News ${name}` }));
    expect(heard.changes.slice(-2)).toEqual([
      { method: "PUT", route: "/api/settings" },
      { method: "POST", route: "/api/blog" },
    ]);
  });

  it("keeps another API instance's public lists from outliving a save through this one", async () => {
    // Another machine's API: its own process, so its own database handle and kept lists.
    const database = openDatabase(api.config);
    const second = await buildApp({
      config: api.config,
      database,
      logger: false,
      changeChannel: name,
    });
    try {
      const titles = async () =>
        (await second.inject({ method: "GET", url: "/api/blog" }))
          .json<{ results: { title: string }[] }>()
          .results.map((entry) => entry.title);
      const title = `Kept for a second ${randomBytes(3).toString("hex")}`;
      expect(await titles()).not.toContain(title);
      expect((await admin.post("/api/blog", { title })).status).toBeLessThan(300);
      // The second instance would answer its kept list for up to a second without the change.
      await expect.poll(titles, { timeout: 300, interval: 10 }).toContain(title);
    } finally {
      await second.close();
      await database.db.destroy();
    }
  });

  it("hears nothing of reads, refused writes, sign-ins or account changes", async () => {
    const before = heard.changes.length;
    expect((await admin.get("/api/settings")).status).toBe(200);
    expect((await admin.put("/api/settings", { email: "not an email" })).status).toBe(422);
    const anonymous = await clientAs(api, "anonymous");
    expect((await anonymous.put("/api/settings", { phone: "1" })).status).toBe(401);
    const member = await createUser(api.database.db);
    const visitor = api.client();
    await visitor.csrf();
    const login = await visitor.post("/login", { email: member.email, password: DEFAULT_PASSWORD });
    expect(login.status).toBeLessThan(300);
    const profile = await visitor.put("/user/profile-information", {
      firstname: "Ada",
      lastname: "Lovelace",
      email: member.email,
    });
    expect(profile.status).toBeLessThan(300);
    // A change after all that: it is the only one heard.
    await timeToHear(heard, () => admin.put("/api/settings", { phone: "+1 555 0101" }));
    expect(heard.changes.slice(before)).toEqual([{ method: "PUT", route: "/api/settings" }]);
  });
}

describe("content changes on Redis pub/sub (REDIS_URL)", () => {
  describeChannel("redis", { REDIS_URL });
});

describe("a listener whose Redis connection is cut", () => {
  let api: TestApi;
  let heard: Heard;
  let subscription: ChangeSubscription | null;
  const name = `almoner_test_${randomBytes(5).toString("hex")}`;

  beforeAll(async () => {
    api = await startTestApi({ REDIS_URL }, { changeChannel: name });
    ({ heard, subscription } = await listen(api, name, { redisUrl: REDIS_URL }));
  });
  afterAll(async () => {
    await subscription?.close();
    await api?.close();
  });

  it("subscribes again, forgets what it kept meanwhile, and hears the next change", async () => {
    await expect.poll(() => heard.resyncs).toBe(1);
    const redis = new Redis(REDIS_URL);
    try {
      const clients = String(await redis.client("LIST"));
      const id = /id=(\d+) [^\n]*name=(\S+)/g;
      // This listener's connection and the API's own (which hears the other instances).
      const listeners = [...clients.matchAll(id)].filter(
        (match) => match[2] === `listener:${name}`,
      );
      expect(listeners).toHaveLength(2);
      for (const [, clientId] of listeners)
        expect(await redis.client("KILL", "ID", clientId!)).toBe(1);
    } finally {
      redis.disconnect();
    }
    await expect.poll(() => heard.resyncs, { timeout: 5_000 }).toBe(2);
    const admin = await clientAs(api, "admin");
    await timeToHear(heard, () => admin.put("/api/settings", { phone: "+1 555 0103" }));
  });
});

if (process.env.TEST_DATABASE_URL) {
  describe("content changes on PostgreSQL LISTEN/NOTIFY, without Redis", () => {
    describeChannel("postgres", {});
  });

  describe("a listener whose PostgreSQL connection is cut", () => {
    let api: TestApi;
    let heard: Heard;
    let subscription: ChangeSubscription | null;
    const name = `almoner_test_${randomBytes(5).toString("hex")}`;

    beforeAll(async () => {
      api = await startTestApi({}, { changeChannel: name });
      ({ heard, subscription } = await listen(api, name, {}));
    });
    afterAll(async () => {
      await subscription?.close();
      await api?.close();
    });

    it("listens again, forgets what it kept meanwhile, and hears the next change", async () => {
      await expect.poll(() => heard.resyncs).toBe(1);
      const cut = await sql<{ cut: boolean }>`
        select pg_terminate_backend(pid) as cut from pg_stat_activity
        where datname = current_database() and query like 'LISTEN%'`.execute(api.database.db);
      // This listener's connection and the API's own (which hears the other instances).
      expect(cut.rows).toEqual([{ cut: true }, { cut: true }]);
      await expect.poll(() => heard.resyncs, { timeout: 5_000 }).toBe(2);
      expect(heard.warnings[0]).toMatch(/^PostgreSQL \(DATABASE_URL, changes\) lost/);
      const admin = await clientAs(api, "admin");
      await timeToHear(heard, () => admin.put("/api/settings", { phone: "+1 555 0102" }));
    });
  });
} else {
  describe("a single instance on SQLite", () => {
    it("opens no channel: its web tier clears its own pages after its own saves", async () => {
      const api = await startTestApi();
      try {
        const { subscription } = await listen(api, "unused", {});
        expect(subscription).toBeNull();
      } finally {
        await api.close();
      }
    });
  });
}
