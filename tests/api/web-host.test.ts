// The web tier's host (web/host.ts) in this process, in front of an API process of its own: its
// fast path, its policy per response, files through @fastify/static, the API's stored files relayed,
// and how it stands up to abuse (records 038, 047). Needs the web tier built (npm run build), as npm test does first.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type ApiProcess, startApiProcess } from "../../scripts/api-process.ts";
import type { AbuseClientsData, AbuseClientsResult } from "../support/abuse-clients.ts";
import type { WebServer } from "../../web/host.ts";

const MiB = 1024 * 1024;
const DEADLINE_MS = 1_500;
const HEADERS_TIMEOUT_MS = 1_000;
const dataDir = mkdtempSync(path.join(tmpdir(), "almoner-web-host-"));
let api: ApiProcess;
let web: WebServer;

beforeAll(async () => {
  Object.assign(process.env, { DATA_DIR: dataDir, API_PORT: "0", HOST: "127.0.0.1" });
  // React's production build, as `npm run serve` loads it (vitest sets NODE_ENV=test): its
  // development build renders a page in turns several times longer, which the abuse test times.
  process.env.NODE_ENV = "production";
  const { startWebServer } = await import("../../web/host.ts");
  api = await startApiProcess(() => {});
  web = await startWebServer({
    port: 0,
    host: "127.0.0.1",
    apiUrl: api.url,
    appUrl: "http://127.0.0.1",
    appKey: "web-host-test-key-0123456789",
    imageMaxBytes: 2 * MiB,
    deadlineMs: DEADLINE_MS,
    headersTimeoutMs: HEADERS_TIMEOUT_MS,
    checkIntervalMs: 250,
  });
}, 60_000);

afterAll(async () => {
  await web?.close();
  await api?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A same-site post of `body` as it is. */
function post(pathname: string, body: BodyInit, headers: Record<string, string>) {
  return fetch(web.url + pathname, {
    method: "POST",
    headers: { Origin: web.url, ...headers },
    body,
    redirect: "manual",
  });
}

function multipart(parts: { name: string; filename?: string; value: Buffer | string }[]) {
  const boundary = "----almoner-host-test";
  const chunks = parts.flatMap(({ name, filename, value }) => [
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"` +
      (filename === undefined ? "" : `; filename="${filename}"\r\nContent-Type: image/jpeg`) +
      "\r\n\r\n",
    value,
    "\r\n",
  ]);
  chunks.push(`--${boundary}--\r\n`);
  return {
    body: Buffer.concat(chunks.map((chunk) => Buffer.from(chunk))),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * The abuse test's attacker and visitor (tests/support/abuse-clients.ts), in a thread of their
 * own: built in this thread, the attack's body alone left collections of 200–300 ms in the turns
 * the test times. The parser is warmed first (compiling it costs the first post some 40 ms more on
 * one 64 kB chunk); `onAttack` is called as the attack starts.
 */
function attackFromThread(
  data: AbuseClientsData,
  onAttack: () => void,
): Promise<AbuseClientsResult> {
  const clients = new Worker(new URL("../support/abuse-clients.ts", import.meta.url), {
    workerData: data,
  });
  return new Promise((resolve, reject) => {
    clients.on("message", (message: "attacking" | AbuseClientsResult) => {
      if (message === "attacking") return onAttack();
      resolve(message);
      void clients.terminate();
    });
    clients.once("error", reject);
  });
}

/**
 * The longest time the event loop spent on one turn, counted in this thread's CPU time (wall
 * time also counts the turns the scheduler gives to other processes of a busy machine), and the
 * wall-clock delay Node measured, for the record.
 */
function watchEventLoop() {
  const wall = monitorEventLoopDelay({ resolution: 10 });
  wall.enable();
  const cpu = () => {
    const { user, system } = process.threadCpuUsage();
    return (user + system) / 1000;
  };
  let last = cpu();
  let longestMs = 0;
  const tick = setInterval(() => {
    const now = cpu();
    longestMs = Math.max(longestMs, now - last);
    last = now;
  }, 5);
  return () => {
    clearInterval(tick);
    wall.disable();
    return { longestMs, wallMaxMs: wall.max / 1e6 };
  };
}

describe("the fast path", () => {
  it("answers a visitor's second request from the render cache, and a 304 for its tag", async () => {
    const first = await fetch(`${web.url}/legal/terms`, { headers: { "Accept-Encoding": "br" } });
    const firstBody = await first.text();
    const second = await fetch(`${web.url}/legal/terms`, { headers: { "Accept-Encoding": "br" } });
    expect(second.headers.get("x-render-cache")).toBe("hit");
    expect(await second.text()).toBe(firstBody);
    // The stored page carries the security headers, its scripts named by their hashes.
    expect(second.headers.get("content-security-policy")).toMatch(/script-src 'self' 'sha256-/);
    expect(second.headers.get("x-frame-options")).toBe("DENY");

    const etag = second.headers.get("etag")!;
    const again = await fetch(`${web.url}/legal/terms`, {
      headers: { "Accept-Encoding": "br", "If-None-Match": etag },
    });
    expect(again.status).toBe(304);
  });

  it("gives every page rendered for one visitor a nonce of its own", async () => {
    const nonces = [];
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${web.url}/legal/terms`, {
        headers: { Cookie: "almoner_session=someone" },
      });
      expect(response.headers.get("x-render-cache")).toBeNull();
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy")!)?.[1];
      expect(nonce).toBeTruthy();
      expect(await response.text()).toContain(`nonce="${nonce}"`);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});

describe("paths", () => {
  it("answers a path whose escapes do not decode (a link cut short) with the 404 page, quietly", async () => {
    const warn = vi.spyOn(console, "warn");
    try {
      for (const path of ["/blog/caf%C3", "/%E0", "/projects/50%", "/a%zz/b?q=%E0"]) {
        const response = await fetch(`${web.url}${path}`);
        expect(response.status, path).toBe(404);
        expect(await response.text(), path).toContain("Error 404 / Page Not Found");
      }
      // An escape that decodes is left as it is: "café" is still a post's address.
      const cafe = await fetch(`${web.url}/blog/caf%C3%A9`);
      expect(cafe.status).toBe(404);
      expect(await cafe.text()).toContain("Error 404 / Page Not Found");
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });
});

/**
 * The status of a revalidation as a browser sends it from its cache. (fetch() adds
 * `Cache-Control: no-cache` to a request with If-None-Match, which asks for the whole file.)
 */
function revalidate(url: string, etag: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = { "Accept-Encoding": "br", "If-None-Match": etag };
    httpRequest(url, { headers }, (answer) => {
      answer.resume();
      resolve(answer.statusCode!);
    })
      .on("error", reject)
      .end();
  });
}

describe("the build's files, through @fastify/static", () => {
  it("answers a hashed asset precompressed, cached for a year, and conditional requests", async () => {
    const page = await (await fetch(`${web.url}/legal/terms`)).text();
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(page)![1]!;
    const response = await fetch(web.url + asset, { headers: { "Accept-Encoding": "br" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await revalidate(web.url + asset, response.headers.get("etag")!)).toBe(304);
    const head = await fetch(web.url + asset, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(0);
  });
});

describe("uploaded files, relayed from the API", () => {
  it("passes a stored file on as it is, cached for good; HEAD without its body; none is a 404", async () => {
    const picture = Buffer.from("not really a jpeg, but bytes to relay");
    mkdirSync(path.join(dataDir, "uploads", "relay"), { recursive: true });
    writeFileSync(path.join(dataDir, "uploads", "relay", "photo.jpg"), picture);

    const response = await fetch(`${web.url}/storage/uploads/relay/photo.jpg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(picture);

    const head = await fetch(`${web.url}/storage/uploads/relay/photo.jpg`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(picture.byteLength));
    expect(await head.text()).toBe("");

    const missing = await fetch(`${web.url}/storage/uploads/relay/gone.jpg`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("no-store");
    const post = await fetch(`${web.url}/storage/uploads/relay/photo.jpg`, { method: "POST" });
    expect(post.status).toBe(405);
  });
});

describe("abuse", () => {
  it("refuses 250 000 multipart parts without blocking the event loop; visitors are answered", async () => {
    await fetch(`${web.url}/legal/privacy`);
    let stop: (() => { longestMs: number; wallMaxMs: number }) | undefined;
    const { answers, visitors } = await attackFromThread(
      {
        origin: web.url,
        paths: ["/login", "/admin/galleries/1/photos", "/admin/projects/1"],
        count: 250_000,
        visitorPath: "/legal/privacy",
      },
      () => (stop = watchEventLoop()),
    );
    const { longestMs, wallMaxMs } = stop!();
    console.log(
      `Event loop under the attack: longest turn ${longestMs} ms of CPU, ${wallMaxMs} ms wall`,
    );
    expect(answers).toEqual([
      "413 The request is too large.",
      "413 The form has too many fields.",
      "413 The form has too many fields.",
    ]);
    expect(visitors.length).toBeGreaterThan(0);
    expect(visitors.every((status) => status === 200)).toBe(true);
    expect(longestMs).toBeLessThan(100);
  });

  it("refuses a 5 MB field, as a form or in a form that takes files", async () => {
    const field = "a".repeat(5 * MiB);
    const form = await post("/register", `firstname=${field}&email=a%40example.org`, {
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect(form.status).toBe(413);
    const upload = multipart([{ name: "title", value: field }]);
    const refused = await post("/admin/projects/1", upload.body, { "Content-Type": upload.type });
    expect(refused.status).toBe(413);
  });

  it("answers a 1 MB multipart body without a boundary with 400, without waiting for it", async () => {
    // Found by the fuzz suite: the host refused it but never answered, as the body was held.
    const upload = multipart([{ name: "title", value: "é".repeat(500_000) }]);
    const refused = await post("/admin/projects/3", upload.body, {
      "Content-Type": "multipart/form-data",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe("The form could not be read.");
  });

  it("answers a JSON client's upload past the limit with 413, and lets one that fits through", async () => {
    const tooLarge = multipart([
      { name: "file", filename: "big.jpg", value: Buffer.alloc(4 * MiB) },
    ]);
    const refused = await post("/admin/galleries/1/photos", tooLarge.body, {
      "Content-Type": tooLarge.type,
      Accept: "application/json",
    });
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({ message: "The request is too large." });

    const fits = multipart([{ name: "file", filename: "ok.jpg", value: Buffer.alloc(MiB) }]);
    const passed = await post("/admin/galleries/1/photos", fits.body, {
      "Content-Type": fits.type,
    });
    // The app answers: a visitor is sent to Login.
    expect(passed.status).toBe(302);
  });

  it("closes a connection that trickles its headers once the headers timeout has passed", async () => {
    const { port } = new URL(web.url);
    const started = Date.now();
    const closedAfter = await new Promise<number>((resolve) => {
      const socket = connect(Number(port), "127.0.0.1", () => {
        socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n");
        const trickle = setInterval(() => socket.write(`X-Slow-${Date.now()}: 1\r\n`), 200);
        socket.on("close", () => {
          clearInterval(trickle);
          resolve(Date.now() - started);
        });
      });
      socket.on("error", () => {});
      socket.resume();
    });
    expect(closedAfter).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
    expect(closedAfter).toBeLessThan(HEADERS_TIMEOUT_MS + 2_000);
  });

  it("answers 503 with Retry-After, in the site's look, within the deadline when the API hangs", async () => {
    process.kill(api.pid, "SIGSTOP");
    try {
      const started = Date.now();
      const response = await new Promise<{ status: number; retryAfter: unknown; body: string }>(
        (resolve, reject) => {
          const outgoing = httpRequest(
            `${web.url}/projects`,
            { headers: { Cookie: "almoner_session=someone" } },
            (answer) => {
              let body = "";
              answer.setEncoding("utf8");
              answer.on("data", (chunk: string) => (body += chunk));
              answer.on("end", () =>
                resolve({
                  status: answer.statusCode!,
                  retryAfter: answer.headers["retry-after"],
                  body,
                }),
              );
            },
          );
          outgoing.on("error", reject);
          outgoing.end();
        },
      );
      expect(Date.now() - started).toBeLessThan(DEADLINE_MS + 2_000);
      expect(response.status).toBe(503);
      expect(response.retryAfter).toBe("30");
      expect(response.body).toMatch(/Error (<!-- -->)?503/);
      expect(response.body).toContain("Something went wrong");
    } finally {
      process.kill(api.pid, "SIGCONT");
    }
  });

  it("waits one deadline, not one per read shared between visitors, when the API hangs", async () => {
    process.kill(api.pid, "SIGSTOP");
    try {
      // Nothing kept: the settings, the list and the page's widgets are each a shared read.
      web.forgetPages();
      let started = Date.now();
      const page = await fetch(`${web.url}/projects?hung-api`);
      expect(Date.now() - started).toBeLessThan(2 * DEADLINE_MS);
      expect(page.status).toBe(503);
      expect(page.headers.get("retry-after")).toBe("30");

      // A visitor's message: the form comes back with it and a message, after one deadline.
      web.forgetPages();
      const message = "I typed this for ten minutes and the site must not lose it.";
      started = Date.now();
      const sent = await post(
        "/contact",
        new URLSearchParams({ name: "Ada", email: "ada@example.org", message }),
        { "Content-Type": "application/x-www-form-urlencoded" },
      );
      expect(Date.now() - started).toBeLessThan(2 * DEADLINE_MS);
      const html = await sent.text();
      expect(html).toContain(message);
      expect(html).toContain(
        "The site could not complete this just now. Please try again in a moment.",
      );
    } finally {
      process.kill(api.pid, "SIGCONT");
    }
  });
});
