// The web tier's API client (app/lib/api.server.ts) against a backend that takes the request and
// never answers, and one that closes connections under it. Like the other web tests it lives in
// the api project, the one vitest runs.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiClient } from "../../app/lib/api.server.ts";

describe("an API that stops answering", () => {
  let server: Server;
  let apiUrl: string;
  const held: IncomingMessage[] = [];

  beforeAll(async () => {
    server = createServer((request) => {
      held.push(request);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const client = (deadlineMs: number) =>
    new ApiClient({
      apiUrl,
      appUrl: "http://127.0.0.1:3000",
      cookieHeader: null,
      clientAddress: undefined,
      pageLocation: "/",
      deadline: AbortSignal.timeout(deadlineMs),
    });

  it("fails a read once its time is up, so the page it serves does not wait for ever", async () => {
    // Once the request's deadline has passed, the page is a 503 (record 038).
    await expect(client(500).get("/api/settings")).rejects.toMatchObject({ init: { status: 503 } });
    expect(held.map((request) => `${request.method} ${request.url}`)).toContain(
      "GET /api/settings",
    );
  });
});

describe("an API whose server closes a connection before answering", () => {
  let server: Server;
  let apiUrl: string;
  const seen: string[] = [];

  beforeAll(async () => {
    // Every first request of a connection has it closed under it, as a kept-alive connection the
    // server has just let go; the next one, on a new connection, is answered.
    server = createServer((request, response) => {
      seen.push(`${request.method} ${request.url}`);
      if (seen.length % 2 === 1) return request.socket.destroy();
      response.setHeader("Content-Type", "application/json");
      response.end(JSON.stringify({ name: "Almoner" }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    seen.length = 0;
  });

  const client = () =>
    new ApiClient({
      apiUrl,
      appUrl: "http://127.0.0.1:3000",
      cookieHeader: "XSRF-TOKEN=token",
      clientAddress: undefined,
      pageLocation: "/",
      deadline: AbortSignal.timeout(5_000),
    });

  it("sends a read once more, and the page gets its answer", async () => {
    const result = await client().get("/api/settings");
    expect(result).toMatchObject({ ok: true, status: 200, body: { name: "Almoner" } });
    expect(seen).toEqual(["GET /api/settings", "GET /api/settings"]);
  });

  it("never sends a write twice: the form says the site could not complete it", async () => {
    const result = await client().post("/api/contact", { message: "Hello" });
    expect(result).toMatchObject({ ok: false, status: 503 });
    expect(seen).toEqual(["POST /api/contact"]);
  });
});
