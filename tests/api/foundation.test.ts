import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, createUser, signInAs } from "../support/factories.ts";
import { startTestApi, TEST_APP_URL, type TestApi } from "../support/test-api.ts";

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

async function insertWidget(name: string, type: "TEXT" | "IMAGE" = "TEXT") {
  const now = new Date().toISOString();
  return api.database.db
    .insertInto("widgets")
    .values({
      name,
      type,
      html: `<h2>${name}</h2>`,
      image: null,
      alt: "",
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

describe("GET /sanctum/csrf-cookie", () => {
  it("answers 204 and sets a readable XSRF-TOKEN cookie and an HttpOnly session cookie", async () => {
    const response = await api.client().csrf();
    expect(response.status).toBe(204);
    const cookies = response.headers.getSetCookie();
    const xsrf = cookies.find((c) => c.startsWith("XSRF-TOKEN="));
    const session = cookies.find((c) => c.startsWith("almoner_session="));
    expect(xsrf).toMatch(/SameSite=Lax/i);
    expect(xsrf).not.toMatch(/HttpOnly/i);
    expect(session).toMatch(/HttpOnly/i);
  });

  it("keeps the same token for the same session", async () => {
    const client = api.client();
    await client.csrf();
    const first = await client.cookie("XSRF-TOKEN");
    await client.csrf();
    expect(await client.cookie("XSRF-TOKEN")).toBe(first);
  });
});

describe("CSRF protection", () => {
  it("answers 419 to a write without a token", async () => {
    const response = await api.client().post("/logout", {});
    expect(response.status).toBe(419);
    expect(response.body).toEqual({ message: "CSRF token mismatch." });
  });

  it("answers 419 to a write with a wrong token", async () => {
    const client = api.client();
    await client.csrf();
    const response = await client.post(
      "/logout",
      {},
      { xsrf: false, headers: { "X-XSRF-TOKEN": "wrong" } },
    );
    expect(response.status).toBe(419);
    expect(response.body).toEqual({ message: "CSRF token mismatch." });
  });

  it("answers 419 to an /api write from the web tier's origin without a token", async () => {
    const response = await api.client().put("/api/settings", { name: "X" });
    expect(response.status).toBe(419);
  });
});

describe("GET /api/user", () => {
  it("answers 401 when signed out", async () => {
    const response = await api.client().get("/api/user");
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: "Unauthenticated." });
  });

  it("answers the user inside data when signed in", async () => {
    const user = await createUser(api.database.db, { firstname: "Mary", lastname: "Seacole" });
    const client = api.client();
    await signInAs(api.database.db, client, user);
    const response = await client.get("/api/user");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: {
        id: user.id,
        firstname: "Mary",
        lastname: "Seacole",
        email: user.email,
        role: "user",
        two_factor: false,
        email_verified_at: user.email_verified_at,
      },
    });
  });

  it("treats a request from a foreign origin as anonymous, even with a session cookie", async () => {
    const user = await createUser(api.database.db);
    const client = api.client({ origin: "https://evil.example" });
    await signInAs(api.database.db, client, user);
    const response = await client.get("/api/user");
    expect(response.status).toBe(401);
  });
});

describe("GET /api/widgets/{name}", () => {
  it("answers the widget by name to anyone", async () => {
    const widget = await insertWidget("HomeText");
    const response = await api.client({ origin: null }).get("/api/widgets/HomeText");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: widget.id,
      name: "HomeText",
      type: "TEXT",
      html: "<h2>HomeText</h2>",
      image_url: null,
      alt: "",
    });
  });

  it("answers 404 for an unknown name", async () => {
    const response = await api.client().get("/api/widgets/NoSuchWidget");
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: "Not Found." });
  });

  it("looks a widget up by id for admins only", async () => {
    const widget = await insertWidget("AboutText1");
    const anonymous = await api.client().get(`/api/widgets/${widget.id}`);
    expect(anonymous.status).toBe(401);

    const member = api.client();
    await signInAs(api.database.db, member, await createUser(api.database.db));
    expect((await member.get(`/api/widgets/${widget.id}`)).status).toBe(403);

    const admin = api.client();
    await signInAs(api.database.db, admin, await createAdmin(api.database.db));
    const response = await admin.get(`/api/widgets/${widget.id}`);
    expect(response.status).toBe(200);
    expect(response.body.name).toBe("AboutText1");
  });
});

describe("errors are JSON", () => {
  it("answers an unknown route with a JSON 404", async () => {
    const response = await api.client().get("/api/no-such-thing");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    expect(response.body).toEqual({ message: "Not Found." });
  });

  it("answers a malformed JSON body with a JSON 400, not a 5xx", async () => {
    const client = api.client();
    await client.csrf();
    const malformed = await fetch(`${api.url}/api/settings`, {
      method: "PUT",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        Origin: TEST_APP_URL,
        Cookie: await client.jar.getCookieString(api.url),
        "X-XSRF-TOKEN": decodeURIComponent((await client.cookie("XSRF-TOKEN")) ?? ""),
      },
      body: '{"name": ',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ message: "The request body is not valid JSON." });
  });

  it("never shows a stack trace", async () => {
    const response = await api.client().get("/api/widgets/%E0%A4%A");
    expect(response.status).toBeLessThan(500);
    expect(response.text).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe("bodies over the size limit", () => {
  const REQUEST_TOO_LARGE = { message: "The request is too large." };
  const oneMebibyte = "x".repeat(1024 * 1024);

  it("answer a JSON body above 1 MiB with 413 and a message about the request", async () => {
    const client = api.client();
    await client.csrf();
    const contact = await client.post("/api/contact", {
      name: "Big",
      email: "big@example.org",
      message: oneMebibyte,
    });
    expect(contact.status).toBe(413);
    expect(contact.body).toEqual(REQUEST_TOO_LARGE);
    const login = await client.post("/login", { email: "big@example.org", password: oneMebibyte });
    expect(login.status).toBe(413);
    expect(login.body).toEqual(REQUEST_TOO_LARGE);
  });

  it("answer a form with more fields than any form has with 413 about the request", async () => {
    const client = api.client();
    await client.csrf();
    const form = new FormData();
    for (let i = 0; i < 250; i++) form.append(`field${i}`, "x");
    const response = await client.request("POST", "/api/contact", { form });
    expect(response.status).toBe(413);
    expect(response.body).toEqual(REQUEST_TOO_LARGE);
  });

  it("keep the image message for an upload above IMAGE_MAX_BYTES", async () => {
    const own = await startTestApi({ IMAGE_MAX_BYTES: "1000" });
    try {
      const admin = own.client();
      await signInAs(own.database.db, admin, await createAdmin(own.database.db));
      const gallery = await admin.post("/api/galleries", { name: "Big pictures" });
      const form = new FormData();
      form.append("gallery_id", String(gallery.body.id));
      form.append("file", new Blob([new Uint8Array(2000)]), "big.png");
      const response = await admin.request("POST", "/api/galleriesimages", { form });
      expect(response.status).toBe(413);
      expect(response.body).toEqual({ message: "The image you have uploaded is too large" });
    } finally {
      await own.close();
    }
  });
});

describe("GET /healthz", () => {
  it("answers ok", async () => {
    const response = await api.client().get("/healthz");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "ok" });
  });
});

describe("settings", () => {
  it("answers the organisation details to anyone", async () => {
    const response = await api.client({ origin: null }).get("/api/settings");
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(
      ["address", "donate_url", "email", "name", "phone", "social", "whatsapp"].sort(),
    );
  });

  it("lets an admin change them and refuses members", async () => {
    const member = api.client();
    await signInAs(api.database.db, member, await createUser(api.database.db));
    expect((await member.put("/api/settings", { name: "Other" })).status).toBe(403);

    const admin = api.client();
    await signInAs(api.database.db, admin, await createAdmin(api.database.db));
    const response = await admin.put("/api/settings", {
      name: "Hope Trust",
      donate_url: "https://donate.example/x",
    });
    expect(response.status).toBe(200);
    expect(response.body.name).toBe("Hope Trust");

    const invalid = await admin.put("/api/settings", { donate_url: "javascript:alert(1)" });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors.donate_url[0]).toBe("The donate url field must be a valid URL.");
  });
});

describe("GET /storage/*", () => {
  it("streams an uploaded file with long-lived cache headers", async () => {
    const key = "uploads/widgets/test-file.webp";
    await api.app.storage.put(key, Buffer.from("RIFF....WEBP"), "image/webp");
    const response = await fetch(`${api.url}/storage/${key}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toMatch(/immutable/);
    expect(await response.text()).toBe("RIFF....WEBP");
  });

  it("answers 404 for unknown files and paths that leave the uploads folder", async () => {
    expect((await fetch(`${api.url}/storage/uploads/nothing.webp`)).status).toBe(404);
    expect((await fetch(`${api.url}/storage/uploads/%2e%2e/app-key`)).status).toBe(404);
    expect((await fetch(`${api.url}/storage/app-key`)).status).toBe(404);
  });
});

describe("malformed URLs", () => {
  it("answer a JSON 400 without echoing the URL", async () => {
    const response = await api.client().get("/api/widgets/%ED%A0%80");
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: "Bad Request." });
  });

  it("accept long path segments", async () => {
    const response = await api.client().get(`/api/widgets/${"a".repeat(300)}`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: "Not Found." });
  });
});
