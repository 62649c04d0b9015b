// The web tier's API client while the API is silent (record 064): once a call has waited out its
// deadline with nothing answered meanwhile, reads wait at most SILENT_READ_MS until the API
// answers again; writes always get their whole deadline. Each test has a backend of its own.
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { ApiClient } from "../../app/lib/api.server.ts";
import { SILENT_READ_MS } from "../../app/lib/api-silence.server.ts";
import { loadWebConfig } from "../../app/lib/config.server.ts";
import { getShared } from "../../app/lib/shared-data.server.ts";
import { loadSiteSettings } from "../../app/lib/site-settings.server.ts";

/** Longer than a silent read may wait, far shorter than a request's deadline. */
const SLOW_MS = SILENT_READ_MS + 500;

let server: Server;
let apiUrl: string;
/** The calls the backend received, as "GET /path". */
let received: string[];
/** The answers to calls it hangs, ended after each test so no call outlives it. */
let held: ServerResponse[];

beforeEach(async () => {
  // GET /hang and /api/settings are never answered; /slow is answered after SLOW_MS, /late after half of
  // SILENT_READ_MS; anything else at once.
  received = [];
  held = [];
  server = createServer((request, response) => {
    received.push(`${request.method} ${request.url}`);
    if (request.url === "/hang" || request.url === "/api/settings") return void held.push(response);
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
  vi.restoreAllMocks();
  for (const response of held) if (!response.writableEnded) response.end();
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

/** What the web tier wrote to the log with console.warn and console.error, a call a line. */
function logLines() {
  const lines: string[] = [];
  const keep = (...words: unknown[]) => void lines.push(words.join(" "));
  vi.spyOn(console, "warn").mockImplementation(keep);
  vi.spyOn(console, "error").mockImplementation(keep);
  return lines;
}

it("the log names the call that found the API silent, not each read meanwhile, and says how many when it answers again", async () => {
  const lines = logLines();
  await silenceTheApi();
  const reads = [1, 2, 3].map(() => client(60_000).get("/hang"));
  for (const read of reads) await expect(read).rejects.toMatchObject(UNAVAILABLE);
  await client(60_000).get("/now");
  expect(lines).toEqual([
    expect.stringMatching(/answered nothing while GET \/hang waited out its deadline/),
    expect.stringMatching(/answers again after \d+ s; 4 calls went unanswered meanwhile\.$/),
  ]);
});

it("a part of the page that falls back on an unanswered read is logged once, as the read", async () => {
  const lines = logLines();
  // The shared read of the settings has a minute of its own; this request gives up before.
  const config = loadWebConfig({}, { apiUrl, appKey: "test-key", deadlineMs: 60_000 });
  const settings = await loadSiteSettings(config, AbortSignal.timeout(300));
  expect(settings.name).toBe(config.siteDefaults.name);
  expect(lines).toEqual([expect.stringMatching(/^The API gave no answer to GET \/api\/settings/)]);
});
