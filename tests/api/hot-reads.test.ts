import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { preparingOnce } from "../../server/db/sqlite-statements.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, signInAs } from "../support/factories.ts";
import { startTestApi, TEST_APP_URL, type TestApi } from "../support/test-api.ts";

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

async function insertWidget(target: TestApi, name: string, html: string) {
  const now = new Date().toISOString();
  await target.database.db
    .insertInto("widgets")
    .values({ name, type: "TEXT", html, image: null, alt: "", created_at: now, updated_at: now })
    .execute();
}

const PUBLIC_READS = [
  "/api/projects?page=0",
  "/api/blog?page=0",
  "/api/opportunities?page=0",
  "/api/projects/no-such-project",
  "/api/widgets/HomeText",
  "/api/settings",
  "/api/testimonials",
];

describe("public reads without a session cookie", () => {
  it("set no cookie, from the web tier's origin or from anywhere", async () => {
    await insertWidget(api, "HomeText", "<p>Welcome</p>");
    for (const origin of [TEST_APP_URL, null]) {
      const client = api.client({ origin });
      for (const path of PUBLIC_READS) {
        const response = await client.get(path);
        expect(response.status, path).toBeLessThan(500);
        expect(response.headers.getSetCookie(), path).toEqual([]);
      }
    }
  });

  it("leave the sessions table as it was", async () => {
    const before = await api.database.db.selectFrom("sessions").select("id").execute();
    for (const path of PUBLIC_READS) await api.client().get(path);
    expect(await api.database.db.selectFrom("sessions").select("id").execute()).toEqual(before);
  });
});

describe("a signed-in session", () => {
  it("is answered by GET /api/user on every call, with its cookies only when the session was saved", async () => {
    const admin = await createAdmin(api.database.db);
    const client = api.client();
    const session = await signInAs(api.database.db, client, admin);

    for (let call = 0; call < 3; call++) {
      const response = await client.get("/api/user");
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ id: admin.id, email: admin.email });
      expect(response.headers.getSetCookie()).toEqual([]);
    }

    // Over a minute since its last activity: the session is touched and its cookies renewed.
    await api.database.db
      .updateTable("sessions")
      .set({ last_activity: Math.floor(Date.now() / 1000) - 120 })
      .where("id", "=", session.id)
      .execute();
    const renewed = await client.get("/api/user");
    expect(renewed.status).toBe(200);
    const cookies = renewed.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith("almoner_session="))).toContain(session.id);
    expect(cookies.some((c) => c.startsWith("XSRF-TOKEN="))).toBe(true);
  });

  it("still gets both cookies from GET /sanctum/csrf-cookie", async () => {
    const admin = await createAdmin(api.database.db);
    const client = api.client();
    await signInAs(api.database.db, client, admin);
    const response = await client.csrf();
    expect(response.status).toBe(204);
    const names = response.headers.getSetCookie().map((c) => c.split("=")[0]);
    expect(names.sort()).toEqual(["XSRF-TOKEN", "almoner_session"]);
  });

  it("loses access once the session row is gone", async () => {
    const admin = await createAdmin(api.database.db);
    const client = api.client();
    const session = await signInAs(api.database.db, client, admin);
    expect((await client.get("/api/user")).status).toBe(200);
    await api.database.db.deleteFrom("sessions").where("id", "=", session.id).execute();
    expect((await client.get("/api/user")).status).toBe(401);
  });
});

describe("queries prepared once", () => {
  it("answer each database with its own rows when two are open at once", async () => {
    const other = await startTestApi();
    try {
      await insertWidget(other, "Shared", "<p>other</p>");
      await insertWidget(api, "Shared", "<p>this</p>");
      expect((await api.client().get("/api/widgets/Shared")).body.html).toBe("<p>this</p>");
      expect((await other.client().get("/api/widgets/Shared")).body.html).toBe("<p>other</p>");
    } finally {
      await other.close();
    }
  });

  it("keep working after the schema changed under them", async () => {
    await insertWidget(api, "Altered", "<p>before</p>");
    expect((await api.client().get("/api/widgets/Altered")).body.html).toBe("<p>before</p>");
    const { db } = api.database;
    await sql`alter table widgets add column note text`.execute(db);
    try {
      await db
        .updateTable("widgets")
        .set({ html: "<p>after</p>" })
        .where("name", "=", "Altered")
        .execute();
      const response = await api.client().get("/api/widgets/Altered");
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ name: "Altered", html: "<p>after</p>" });
      expect(response.body).not.toHaveProperty("note");
    } finally {
      await sql`alter table widgets drop column note`.execute(db);
    }
    expect((await api.client().get("/api/widgets/Altered")).body.html).toBe("<p>after</p>");
  });
});

describe("the SQLite statement cache", () => {
  it("hands back one statement per SQL text and prepares again what it dropped past its capacity", () => {
    const sqlite = new SQLite(":memory:");
    const connection = preparingOnce(sqlite, 2);
    try {
      const one = connection.prepare("select 1 as n");
      expect(connection.prepare("select 1 as n")).toBe(one);
      connection.prepare("select 2 as n");
      connection.prepare("select 3 as n");
      const again = connection.prepare("select 1 as n");
      expect(again).not.toBe(one);
      expect(again.all([])).toEqual([{ n: 1 }]);
      expect(connection.prepare("select 3 as n").all([])).toEqual([{ n: 3 }]);
    } finally {
      connection.close();
    }
  });
});
