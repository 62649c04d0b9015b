// The web tier's cache of what every visitor is shown alike (app/lib/shared-data.server.ts): a
// unit test of its rules on a clock of its own, then the site settings and widgets it serves
// against the real API and against a stand-in that records what reached it. Like the other web
// tests it lives in the api project, the one vitest runs.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiClient } from "../../app/lib/api.server.ts";
import { loadWebConfig } from "../../app/lib/config.server.ts";
import { apiClientContext, createLoadContext } from "../../app/lib/request-context.server.ts";
import { forgetSharedData, getShared, SharedData } from "../../app/lib/shared-data.server.ts";
import { loadSiteSettings } from "../../app/lib/site-settings.server.ts";
import { loadWidgets } from "../../app/lib/widgets.server.ts";
import { clientAs } from "../support/admin-calls.ts";
import { startTestApi, TEST_APP_URL, type TestApi } from "../support/test-api.ts";

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("SharedData", () => {
  let now = 0;
  let fetches: string[] = [];
  const shared = () => new SharedData({ freshMs: 5_000, maxEntries: 3, now: () => now });
  const fetchOf = (value: string) => () => {
    fetches.push(value);
    return Promise.resolve(value);
  };

  beforeEach(() => {
    now = 1_000_000;
    fetches = [];
  });

  it("answers from the kept value while it is fresh", async () => {
    const data = shared();
    expect(await data.get("settings", fetchOf("first"))).toBe("first");
    now += 4_999;
    expect(await data.get("settings", fetchOf("second"))).toBe("first");
    expect(fetches).toEqual(["first"]);
  });

  it("gives concurrent callers one fetch", async () => {
    const data = shared();
    const answer = deferred<string>();
    let calls = 0;
    const fetchValue = () => {
      calls += 1;
      return answer.promise;
    };
    const callers = [
      data.get("w", fetchValue),
      data.get("w", fetchValue),
      data.get("w", fetchValue),
    ];
    answer.resolve("widget");
    expect(await Promise.all(callers)).toEqual(["widget", "widget", "widget"]);
    expect(calls).toBe(1);
  });

  it("fetches again once the value is no longer fresh", async () => {
    const data = shared();
    await data.get("settings", fetchOf("first"));
    now += 5_000;
    expect(await data.get("settings", fetchOf("second"))).toBe("second");
    expect(await data.get("settings", fetchOf("third"))).toBe("second");
    expect(fetches).toEqual(["first", "second"]);
  });

  it("fetches again at once after forget(), and never shares a fetch begun before it", async () => {
    const data = shared();
    await data.get("settings", fetchOf("before the save"));
    data.forget();
    expect(await data.get("settings", fetchOf("after the save"))).toBe("after the save");

    const slow = deferred<string>();
    const begunBefore = data.get("widget", () => slow.promise);
    data.forget();
    const begunAfter = data.get("widget", fetchOf("saved widget"));
    slow.resolve("old widget");
    expect(await begunBefore).toBe("old widget");
    expect(await begunAfter).toBe("saved widget");
    expect(await data.get("widget", fetchOf("unused"))).toBe("saved widget");
  });

  it("keeps neither a failed fetch nor a value it is told not to keep", async () => {
    const data = shared();
    await expect(data.get("settings", () => Promise.reject(new Error("down")))).rejects.toThrow(
      "down",
    );
    expect(await data.get("settings", fetchOf("back"))).toBe("back");

    const status = (code: number) => () => Promise.resolve({ status: code });
    const keep = (result: { status: number }) => result.status < 500;
    expect(await data.get("list", status(503), keep)).toEqual({ status: 503 });
    expect(await data.get("list", status(200), keep)).toEqual({ status: 200 });
    expect(await data.get("list", status(204), keep)).toEqual({ status: 200 });
  });

  it("keeps at most maxEntries keys, dropping the oldest", async () => {
    const data = shared();
    for (const key of ["a", "b", "c", "d"]) await data.get(key, fetchOf(key));
    await data.get("a", fetchOf("a again"));
    await data.get("d", fetchOf("d again"));
    expect(fetches).toEqual(["a", "b", "c", "d", "a again"]);
  });
});

describe("site settings and widgets from the real API", () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api?.close();
  });
  beforeEach(() => forgetSharedData());

  it("show an admin's save on the next page once this web tier forgets what it kept", async () => {
    const config = loadWebConfig({}, { apiUrl: api.url, appUrl: TEST_APP_URL });
    const admin = await clientAs(api, "admin");
    const context = createLoadContext({ config });

    await admin.put("/api/settings", { name: "Before the save" });
    expect((await loadSiteSettings(config)).name).toBe("Before the save");
    await loadWidgets(context, ["HomeText"]);

    const saved = await admin.put("/api/settings", { name: "After the save" });
    expect(saved.status).toBe(200);
    forgetSharedData();
    expect((await loadSiteSettings(config)).name).toBe("After the save");
  });
});

describe("what the shared calls send to the API", () => {
  let stub: Server;
  let apiUrl: string;
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  const answers: Record<string, unknown> = {
    "/api/settings": { name: "Stand-in Foundation" },
    "/api/widgets/HomeText": { id: 7, name: "HomeText", type: "TEXT", html: "<p>Hello</p>" },
  };

  beforeAll(async () => {
    stub = createServer((req, res) => {
      seen.push({ url: req.url ?? "", headers: req.headers });
      if (req.url === "/api/hung") return; // An API that never answers.
      const body = answers[req.url ?? ""];
      res.statusCode = body ? 200 : 404;
      res.setHeader("Content-Type", "application/json");
      res.setHeader("Set-Cookie", "almoner_session=someone-elses; Path=/; HttpOnly");
      res.end(JSON.stringify(body ?? { message: "Not Found." }));
    });
    await new Promise<void>((resolve) => stub.listen(0, "127.0.0.1", resolve));
    apiUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        stub.close(() => resolve());
        stub.closeAllConnections();
      }),
  );
  beforeEach(() => {
    seen.length = 0;
    forgetSharedData();
  });

  function signedInPage() {
    const config = loadWebConfig({}, { apiUrl, appUrl: TEST_APP_URL });
    const context = createLoadContext({ config, clientAddress: "203.0.113.9" });
    const visitor = new ApiClient({
      apiUrl,
      appUrl: TEST_APP_URL,
      cookieHeader: "almoner_session=the-visitors-own",
      clientAddress: "203.0.113.9",
      pageLocation: "/",
    });
    context.set(apiClientContext, visitor);
    return { config, context, visitor };
  }

  it("asks once for many pages at a time, without any visitor's cookies or address", async () => {
    const pages = [signedInPage(), signedInPage(), signedInPage()];
    const loaded = await Promise.all(
      pages.map(({ config, context }) =>
        Promise.all([loadSiteSettings(config), loadWidgets(context, ["HomeText", "Missing"])]),
      ),
    );
    for (const [settings, widgets] of loaded) {
      expect(settings.name).toBe("Stand-in Foundation");
      expect(widgets.HomeText?.html).toBe("<p>Hello</p>");
      expect(widgets.Missing).toBeNull();
    }
    expect(seen.map((request) => request.url).sort()).toEqual([
      "/api/settings",
      "/api/widgets/HomeText",
      "/api/widgets/Missing",
    ]);
    for (const request of seen) {
      expect(request.headers.cookie).toBeUndefined();
      expect(request.headers["x-forwarded-for"]).toBeUndefined();
    }
    // What the API set on a shared call is nobody's to receive.
    for (const { visitor } of pages) expect(visitor.cookiesForBrowser).toEqual([]);
  });

  it("keeps a page no longer than its own deadline, though a kept value still answers past it", async () => {
    const { config } = signedInPage();
    const readSettings = (api: ApiClient) => api.get("/api/settings");
    await getShared(config, "/api/settings", readSettings);
    const kept = await getShared(config, "/api/settings", readSettings, AbortSignal.abort());
    expect(kept.body).toEqual({ name: "Stand-in Foundation" });

    // The shared read waits on the API for the whole of its own deadline (10 s); the page does not.
    const started = Date.now();
    const hung = getShared(
      config,
      "/api/hung",
      (api) => api.get("/api/hung"),
      AbortSignal.timeout(300),
    );
    await expect(hung).rejects.toMatchObject({ init: { status: 503 } });
    expect(Date.now() - started).toBeLessThan(config.deadlineMs / 2);
  });
});
