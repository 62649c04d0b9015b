// The web tier's API client (app/lib/api.server.ts) against a backend that takes the request and
// never answers. Like the other web tests it lives in the api project, the one vitest runs.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
