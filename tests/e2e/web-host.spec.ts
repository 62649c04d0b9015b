import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import type { PlaywrightWorkerArgs } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

test("pages carry the security headers", async ({ request }) => {
  const response = await request.get("/");
  const headers = response.headers();
  // A visitor's page, shared through the render cache: its scripts are named by their hashes.
  expect(headers["content-security-policy"]).toMatch(
    /script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/,
  );
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
});

test("a cross-site form post is refused", async ({ request }) => {
  const response = await request.post("/logout", {
    headers: { Origin: "https://attacker.example" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
});

test("a same-site logout post goes Home", async ({ request, appUrl }) => {
  const response = await request.post("/logout", { headers: { Origin: appUrl }, maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/");
});

test("hashed assets are cached for a year and compressed", async ({ request, page }) => {
  await page.goto("/");
  const stylesheet = await page.locator('link[rel="stylesheet"]').first().getAttribute("href");
  expect(stylesheet).toMatch(/^\/assets\//);
  const response = await request.get(stylesheet!, { headers: { "Accept-Encoding": "br, gzip" } });
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(response.headers()["content-encoding"]).toMatch(/^(br|gzip)$/);
});

test("uploaded images are streamed from the API with long-lived caching", async ({
  page,
  request,
}) => {
  await page.goto("/founders");
  const source = await page.locator('[data-widget="Founder1Image"] img').getAttribute("src");
  expect(source).toMatch(/^\/storage\//);
  const response = await request.get(source!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^image\//);
  expect(response.headers()["cache-control"]).toContain("max-age=31536000");
});

test("the web tier answers /healthz", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
});

test("public pages for visitors without cookies are shared briefly, never with cookies", async ({
  playwright,
  appUrl,
}) => {
  const visitor = await playwright.request.newContext({ baseURL: appUrl });
  await visitor.get("/legal/terms");
  const shared = await visitor.get("/legal/terms");
  expect(shared.status()).toBe(200);
  expect(shared.headers()["x-render-cache"]).toBe("hit");
  expect(shared.headers()["cache-control"]).toBe("public, max-age=5, stale-while-revalidate=30");
  expect(shared.headers()["set-cookie"]).toBeUndefined();
  await visitor.dispose();

  const member = await playwright.request.newContext({
    baseURL: appUrl,
    extraHTTPHeaders: { Cookie: "almoner_session=someone" },
  });
  const personal = await member.get("/legal/terms");
  expect(personal.status()).toBe(200);
  expect(personal.headers()["x-render-cache"]).toBeUndefined();
  expect(personal.headers()["cache-control"]).toBe("private, no-store");
  await member.dispose();
});

/** Sends `head` as it is (no client fixes it up) and reads the status line and body. */
async function rawRequest(
  appUrl: string,
  head: string,
): Promise<{ status: number; headers: string; body: string }> {
  const { hostname, port } = new URL(appUrl);
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.end(head));
    let received = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("end", () => resolve(received));
    socket.on("error", reject);
  });
  const [headers = "", body = ""] = answer.split("\r\n\r\n", 2);
  return { status: Number(headers.split(" ")[1]), headers, body };
}

test.describe("bad requests get a short 4xx, never a 500", () => {
  test("a form action posted as JSON, as text/plain or as broken multipart", async ({
    request,
    appUrl,
  }) => {
    const posts = [
      { "Content-Type": "application/json", body: '{"email":"a@example.org"}' },
      { "Content-Type": "text/plain", body: "email=a@example.org" },
      { "Content-Type": "multipart/form-data; boundary=xyz", body: "not multipart at all" },
      { "Content-Type": "multipart/form-data", body: "--xyz\r\nbroken" },
    ];
    for (const path of ["/login", "/contact", "/register", "/logout", "/admin/projects"]) {
      for (const { body, ...headers } of posts) {
        const response = await request.post(path, {
          headers: { ...headers, Origin: appUrl },
          data: body,
          maxRedirects: 0,
        });
        const shown = `${path} ${headers["Content-Type"]}`;
        expect(response.status(), shown).toBeGreaterThanOrEqual(400);
        expect(response.status(), shown).toBeLessThan(500);
        expect(response.headers()["content-type"], shown).toMatch(/^text\/plain/);
        expect((await response.text()).length, shown).toBeLessThan(200);
      }
    }
  });

  test("an upload whose body ends inside its file is refused, and the site goes on answering", async ({
    request,
    appUrl,
  }) => {
    const cutShort =
      "--xyz\r\n" +
      'Content-Disposition: form-data; name="file"; filename="photo.png"\r\n' +
      "Content-Type: image/png\r\n\r\n" +
      "\x89PNG the rest never came";
    for (const path of ["/admin/galleries/1/photos", "/admin/projects/1/photos"]) {
      const response = await request.post(path, {
        headers: { "Content-Type": "multipart/form-data; boundary=xyz", Origin: appUrl },
        data: cutShort,
        maxRedirects: 0,
      });
      expect(response.status(), path).toBe(400);
      expect(await response.text(), path).toBe("The form could not be read.");
      expect((await request.get("/healthz")).status(), `after ${path}`).toBe(200);
    }
  });

  test("a form post without a body is an empty form", async ({ request, appUrl }) => {
    const response = await request.post("/login", { headers: { Origin: appUrl } });
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain("Log in");
  });

  test("a path segment longer than the API takes is the 404 page", async ({ request }) => {
    for (const path of ["/projects/", "/blog/", "/opportunities/"]) {
      const response = await request.get(path + "a".repeat(1001));
      expect(response.status(), path).toBe(404);
    }
  });

  test("a Host header that is no host", async ({ appUrl }) => {
    for (const host of ["a b", "a/b", "a@b", "[nope", "a:b:c"]) {
      const response = await rawRequest(
        appUrl,
        `GET / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      );
      expect(response.status, host).toBe(400);
      expect(response.body, host).toBe("Bad Request.");
    }
  });

  test("a request line in absolute form", async ({ appUrl }) => {
    const { host } = new URL(appUrl);
    for (const target of ["http://example.com/", `${appUrl}/login`, "*"]) {
      const response = await rawRequest(
        appUrl,
        `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      );
      expect(response.status, target).toBe(400);
      expect(response.body, target).toBe("Bad Request.");
    }
  });

  test("a path that reads as an address with a broken host, on a page in the render cache too", async ({
    appUrl,
  }) => {
    const { host } = new URL(appUrl);
    await fetch(`${appUrl}/about`);
    for (const target of ["//[", "//a%zz/about", "//example.com:99999/about", "//[/about"]) {
      const response = await rawRequest(
        appUrl,
        `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      );
      expect(response.status, target).toBe(400);
      expect(response.body, target).toBe("Bad Request.");
    }
    expect((await fetch(`${appUrl}/about`)).headers.get("x-render-cache")).toBe("hit");
  });

  test("TRACE and other methods the site does not answer", async ({ appUrl }) => {
    const { host } = new URL(appUrl);
    for (const method of ["TRACE", "PROPFIND", "MKCOL"]) {
      const response = await rawRequest(
        appUrl,
        `${method} / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      );
      expect(response.status, method).toBe(405);
      expect(response.headers, method).toMatch(/\r\nAllow: GET, HEAD, POST/i);
      expect(response.body, method).toBe("Method Not Allowed.");
    }
  });
});

test.describe("the flash cookie", () => {
  /** How React Router writes a cookie value without a signature. */
  const unsigned = (value: unknown) =>
    Buffer.from(JSON.stringify(value), "utf8").toString("base64");
  const planted = { kind: "error", message: "Your account is locked: call +1 555 0100." };

  /** The flash cookie Forgot Password's redirect sets, for the page it leads back to. */
  async function flashLeftByForgotPassword(
    playwright: PlaywrightWorkerArgs["playwright"],
    appUrl: string,
    label: string,
  ): Promise<string> {
    const visitor = await playwright.request.newContext({ baseURL: appUrl });
    const posted = await visitor.post("/forgot-password", {
      headers: { Origin: appUrl },
      form: { email: `${label}-${Date.now()}@example.org` },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(302);
    const value = /almoner_flash=([^;]*)/.exec(posted.headers()["set-cookie"] ?? "")?.[1];
    expect(value, "the redirect carries a flash cookie").toBeTruthy();
    await visitor.dispose();
    return value!;
  }

  test("a planted, unsigned message is not shown, and the cookie is cleared", async ({
    playwright,
    appUrl,
  }) => {
    const visitor = await playwright.request.newContext({
      baseURL: appUrl,
      extraHTTPHeaders: { Cookie: `almoner_flash=${unsigned(planted)}` },
    });
    const response = await visitor.get("/login");
    expect(response.status()).toBe(200);
    expect((await response.text()).includes(planted.message)).toBe(false);
    expect(response.headers()["set-cookie"]).toMatch(/almoner_flash=;.*Max-Age=0/i);
    await visitor.dispose();
  });

  test("a real message shows once; the same cookie with another message is ignored", async ({
    playwright,
    appUrl,
  }) => {
    const value = await flashLeftByForgotPassword(playwright, appUrl, "flash");

    const shown = await fetch(`${appUrl}/forgot-password`, {
      headers: { Cookie: `almoner_flash=${value}` },
    });
    expect((await shown.text()).includes("We have emailed your password reset link.")).toBe(true);

    // Keep whatever follows the value (a signature, if any) and swap the message.
    const tail = decodeURIComponent(value!).replace(/^[^.]*/, "");
    const tampered = encodeURIComponent(unsigned(planted) + tail);
    const ignored = await fetch(`${appUrl}/forgot-password`, {
      headers: { Cookie: `almoner_flash=${tampered}` },
    });
    expect(ignored.status).toBe(200);
    expect((await ignored.text()).includes(planted.message)).toBe(false);
  });

  test("a message is for the page it was left for: another page loaded meanwhile leaves it", async ({
    playwright,
    appUrl,
  }) => {
    const value = await flashLeftByForgotPassword(playwright, appUrl, "flash-other-tab");
    const message = "We have emailed your password reset link.";
    const withFlash = { headers: { Cookie: `almoner_flash=${value}` } };

    // Another tab's page, and its data request, while the first tab's page has not loaded yet.
    for (const other of ["/login", "/login.data", "/_.data"]) {
      const meanwhile = await fetch(`${appUrl}${other}`, withFlash);
      expect(meanwhile.status, other).toBe(200);
      expect((await meanwhile.text()).includes(message), other).toBe(false);
      expect(meanwhile.headers.get("set-cookie") ?? "", other).not.toContain("almoner_flash");
    }

    const shown = await fetch(`${appUrl}/forgot-password`, withFlash);
    expect((await shown.text()).includes(message)).toBe(true);
    expect(shown.headers.get("set-cookie")).toMatch(/almoner_flash=;.*Max-Age=0/i);
  });
});

test("a page whose address carries a token or an email is private and never shared", async ({
  playwright,
  appUrl,
}) => {
  const visitor = await playwright.request.newContext({ baseURL: appUrl });
  for (const path of [
    "/reset-password/0123456789abcdef?email=ada%40example.org",
    "/reset-password/0123456789abcdef",
    "/reset-password/0123456789abcdef.data?email=ada%40example.org",
    "/email/verify/1/0123456789abcdef?expires=1&signature=abc",
    "/legal/terms?email=ada%40example.org",
    "/legal/terms?token=abc",
    "/legal/terms?Signature=abc",
    "/?EMAIL=ada%40example.org",
  ]) {
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await visitor.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBeLessThan(500);
      expect(response.headers()["cache-control"], path).toBe("private, no-store");
      expect(response.headers()["x-render-cache"], path).toBeUndefined();
    }
  }
  await visitor.dispose();
});

test.describe("request bodies have a size limit", () => {
  const MiB = 1024 * 1024;
  /** IMAGE_MAX_BYTES of the stack the suite starts (its default). */
  const imageMaxBytes = 20 * MiB;

  function multipart(bytes: number): { body: Buffer; contentType: string } {
    const boundary = "----almoner-limit-test";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\n` +
        "Content-Type: image/jpeg\r\n\r\n",
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const filler = Buffer.alloc(Math.max(0, bytes - head.length - tail.length), 0x61);
    return {
      body: Buffer.concat([head, filler, tail]),
      contentType: `multipart/form-data; boundary=${boundary}`,
    };
  }

  test("a 1 MB JSON body gets a 4xx that says nothing about images", async ({
    request,
    appUrl,
  }) => {
    const body = JSON.stringify({ email: "a".repeat(1_000_000) });
    for (const path of ["/login", "/contact", "/admin/galleries/1/photos"]) {
      const response = await request.post(path, {
        headers: { Origin: appUrl, "Content-Type": "application/json" },
        data: body,
        maxRedirects: 0,
      });
      expect(response.status(), path).toBeGreaterThanOrEqual(400);
      expect(response.status(), path).toBeLessThan(500);
      expect(await response.text(), path).not.toMatch(/image/i);
    }
  });

  test("a form body over 1 MiB answers 413 about the request size", async ({ request, appUrl }) => {
    const posts = [
      { type: "application/json", body: JSON.stringify({ email: "a".repeat(2 * MiB) }) },
      {
        type: "application/x-www-form-urlencoded",
        body: `email=${"a".repeat(2 * MiB)}&password=x`,
      },
    ];
    for (const { type, body } of posts) {
      const response = await request.post("/login", {
        headers: { Origin: appUrl, "Content-Type": type },
        data: body,
        maxRedirects: 0,
      });
      expect(response.status(), type).toBe(413);
      expect(await response.text(), type).toBe("The request is too large.");
    }
  });

  test("a body sent in chunks is counted as it comes", async ({ appUrl }) => {
    const chunk = new TextEncoder().encode(`${"a".repeat(64 * 1024)}`);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 2 * MiB) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${appUrl}/login`, {
      method: "POST",
      headers: { Origin: appUrl, "Content-Type": "application/x-www-form-urlencoded" },
      body,
      duplex: "half",
      redirect: "manual",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.text()).toBe("The request is too large.");
  });

  test("a client that closes its connection after the answer reads the 413, not a reset", async ({
    appUrl,
  }) => {
    // The refusal goes out once the body has come: answered while the client was still sending,
    // the connection it asked to close went with part of the body unread, and it read a reset.
    const { hostname, port } = new URL(appUrl);
    const body = Buffer.alloc(12 * MiB, "a");
    const postOnce = () =>
      new Promise<string>((resolve) => {
        const outgoing = httpRequest(
          {
            agent: false,
            host: hostname,
            port,
            method: "POST",
            path: "/admin/blog/1/photos",
            headers: {
              Connection: "close",
              Origin: appUrl,
              "Content-Type": "application/x-www-form-urlencoded",
              "Content-Length": body.length,
            },
          },
          (response) => {
            let text = "";
            response.setEncoding("utf8");
            response.on("data", (chunk: string) => (text += chunk));
            response.on("end", () => resolve(`${response.statusCode} ${text}`));
          },
        );
        outgoing.on("error", (error) => resolve(`no answer (${error.message})`));
        outgoing.end(body);
      });
    const answers = [];
    for (let attempt = 0; attempt < 20; attempt++) answers.push(await postOnce());
    expect(answers).toEqual(Array(20).fill("413 The request is too large."));
  });

  test("an upload may be as large as IMAGE_MAX_BYTES and a little more; a larger file is left out of the form", async ({
    request,
    appUrl,
  }) => {
    const fits = multipart(imageMaxBytes + 100 * 1024);
    const passed = await request.post("/admin/galleries/1/photos", {
      headers: { Origin: appUrl, "Content-Type": fits.contentType },
      data: fits.body,
      maxRedirects: 0,
    });
    // The host lets it through: the app answers (a visitor is sent to Login).
    expect(passed.status()).toBe(302);

    // Read to its end and dropped, so the page can say so and keep what was typed: the app
    // answers again.
    const tooLarge = multipart(imageMaxBytes + 4 * MiB);
    const dropped = await request.post("/admin/galleries/1/photos", {
      headers: { Origin: appUrl, "Content-Type": tooLarge.contentType },
      data: tooLarge.body,
      maxRedirects: 0,
    });
    expect(dropped.status()).toBe(302);

    // A text field that large is no file to leave out.
    const boundary = "----almoner-text-test";
    const longText = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="article"\r\n\r\n` +
        `${"a".repeat(imageMaxBytes + 2 * MiB)}\r\n--${boundary}--\r\n`,
    );
    const refused = await request.post("/admin/galleries/1/photos", {
      headers: {
        Origin: appUrl,
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        Accept: "application/json",
      },
      data: longText,
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(413);
    expect(await refused.json()).toEqual({ message: "The request is too large." });
  });
});
