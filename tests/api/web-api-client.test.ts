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

  const client = (readTimeoutMs: number) =>
    new ApiClient({
      apiUrl,
      appUrl: "http://127.0.0.1:3000",
      cookieHeader: null,
      clientAddress: undefined,
      pageLocation: "/",
      readTimeoutMs,
    });

  it("fails a read once its time is up, so the page it serves does not wait for ever", async () => {
    await expect(client(200).get("/api/settings")).rejects.toMatchObject({ name: "TimeoutError" });
    expect(held.map((request) => `${request.method} ${request.url}`)).toContain(
      "GET /api/settings",
    );
  });
});
