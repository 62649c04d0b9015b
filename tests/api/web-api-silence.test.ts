// The web tier's API client while the API is silent (record 064): once a call has waited out its
// deadline with nothing answered meanwhile, reads wait at most SILENT_READ_MS until the API
// answers again; writes always get their whole deadline. Each test has a backend of its own.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, expect, it } from "vitest";
import { ApiClient } from "../../app/lib/api.server.ts";
import { SILENT_READ_MS } from "../../app/lib/api-silence.server.ts";
import { getShared } from "../../app/lib/shared-data.server.ts";

/** Longer than a silent read may wait, far shorter than a request's deadline. */
const SLOW_MS = SILENT_READ_MS + 500;

let server: Server;
let apiUrl: string;
/** The calls the backend received, as "GET /path". */
let received: string[];

beforeEach(async () => {
  // GET /hang is never answered; /slow is answered after SLOW_MS, /late after half of
  // SILENT_READ_MS; anything else at once.
  received = [];
  server = createServer((request, response) => {
    received.push(`${request.method} ${request.url}`);
    if (request.url === "/hang") return;
    const answer = () => {
      response.setHeader("Content-Type", "application/json");
      response.end(JSON.stringify({ answered: request.url }));
    };
    if (request.url === "/slow") setTimeout(answer, SLOW_MS);
    else if (request.url === "/late") setTimeout(answer, SILENT_READ_MS / 2);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The client of one incoming request, with the request's deadline. */
const client = (deadlineMs: number, deadline = AbortSignal.timeout(deadlineMs)) =>
  new ApiClient({
    apiUrl,
    appUrl: "http://127.0.0.1:3000",
    // Writes need no CSRF cookie call first, which would be an answer of its own.
    cookieHeader: "XSRF-TOKEN=token",
    clientAddress: undefined,
    pageLocation: "/",
    deadline,
  });

const UNAVAILABLE = { init: { status: 503 } };

/** A call that waits out a short deadline while the API answers nothing else. */
async function silenceTheApi() {
  await expect(client(300).get("/hang")).rejects.toMatchObject(UNAVAILABLE);
}

it("after a call waited out its deadline unanswered, a read of the silent API fails long before its own deadline", async () => {
  await silenceTheApi();
  // With the page's own deadline of a minute, this would outlast the test's 20 s.
  await expect(client(60_000).get("/hang")).rejects.toMatchObject(UNAVAILABLE);
});

it("a write of a silent API still waits out its own deadline", async () => {
  await silenceTheApi();
  const saved = await client(60_000).post("/slow", { title: "Kept" });
  expect(saved).toMatchObject({ ok: true, body: { answered: "/slow" } });
});

it("the first answer ends the silence: reads get their whole deadline again", async () => {
  await silenceTheApi();
  await expect(client(60_000).get("/hang")).rejects.toMatchObject(UNAVAILABLE);
  expect(await client(60_000).get("/now")).toMatchObject({ ok: true });
  expect(await client(60_000).get("/slow")).toMatchObject({
    ok: true,
    body: { answered: "/slow" },
  });
});

it("an API that answered other calls while one waited out its deadline is slow, not silent", async () => {
  const timedOut = expect(client(300).get("/hang")).rejects.toMatchObject(UNAVAILABLE);
  expect(await client(60_000).get("/now")).toMatchObject({ ok: true });
  await timedOut;
  expect(await client(60_000).get("/slow")).toMatchObject({
    ok: true,
    body: { answered: "/slow" },
  });
});

it("the reads of one request share the silent API's 2 s: once they are spent, the next is not sent", async () => {
  await silenceTheApi();
  const page = client(60_000);
  await expect(page.get("/hang")).rejects.toMatchObject(UNAVAILABLE);
  // On its own it would be answered within its 2 s; this request has spent them.
  await expect(page.get("/late")).rejects.toMatchObject(UNAVAILABLE);
  expect(received).not.toContain("GET /late");
  expect(await client(60_000).get("/late")).toMatchObject({ ok: true });
});

it("a request's wait on a read shared between visitors ends with its own reads while the API is silent", async () => {
  await silenceTheApi();
  const deadline = AbortSignal.timeout(60_000);
  await expect(client(0, deadline).get("/hang")).rejects.toMatchObject(UNAVAILABLE);
  // The shared read is answered within 2 s of its own start; this request's 2 s are spent.
  const config = { apiUrl, appUrl: "http://127.0.0.1:3000", deadlineMs: 60_000 };
  const shared = getShared(config, "/late", (api) => api.get("/late"), deadline);
  await expect(shared).rejects.toMatchObject(UNAVAILABLE);
});
