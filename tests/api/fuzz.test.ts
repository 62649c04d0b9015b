import { channel } from "node:diagnostics_channel";
import fc from "fast-check";
import type { FastifyInstance, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../server/security/passwords.ts";
import { clientAs, png, postForm } from "../support/admin-calls.ts";
import { createAdmin, createUser, DEFAULT_PASSWORD, signInAs } from "../support/factories.ts";
import {
  bodyArbitraries,
  bodyArbitrary,
  describeTally,
  type FuzzRequest,
  type FuzzVocabulary,
  fuzzAll,
  fuzzSeed,
  judgeApiResponse,
  newTally,
  pathArbitrary,
  queryArbitrary,
  seedFor,
  FORM_FIELDS,
} from "../support/fuzz.ts";
import type { HttpClient } from "../support/http-client.ts";
import { startTestApi, TEST_APP_URL, type TestApi } from "../support/test-api.ts";

/**
 * Every route of the running API, as anonymous, member and admin (each with a session and its
 * XSRF token, so requests reach validation), gets hostile paths, query strings and bodies. No
 * answer may be a 5xx, and every error is JSON with a message. Routes are read from the Fastify
 * instance itself, so a new endpoint is fuzzed without touching this file.
 */

/** Random cases per route and caller, besides one of each kind of body as admin. */
const CASES_PER_CALLER = 6;
const CALLERS = ["anonymous", "member", "admin"] as const;
type Caller = (typeof CALLERS)[number];

const FIELDS = [
  ...FORM_FIELDS,
  "force",
  "items",
  "images",
  "gallery_id",
  "project_id",
  "blog_id",
  "opportunity_id",
  "social",
];

type Route = { method: string; url: string };

const seed = fuzzSeed();
const tally = newTally();
let api: TestApi;
let routes: Route[] = [];
let vocabulary: FuzzVocabulary;
let passwordHash: string;

/** The routes Fastify registers while the app is built, read through its documented channel. */
async function startApiCollectingRoutes(): Promise<{ api: TestApi; routes: Route[] }> {
  const found: Route[] = [];
  const initialization = channel("fastify.initialization");
  const collect = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook("onRoute", (route: RouteOptions) => {
      for (const method of [route.method].flat()) found.push({ method, url: route.url });
    });
  };
  initialization.subscribe(collect);
  try {
    return { api: await startTestApi(), routes: found };
  } finally {
    initialization.unsubscribe(collect);
  }
}

/** Something of every kind to name in paths: entries with a photo, a widget, a gallery, … */
async function createFixtures(admin: HttpClient) {
  const photo = await png();
  const ids: number[] = [];
  const names: string[] = [];
  const ok = <T>(response: { status: number; body: T }, status = 201): T => {
    expect(response.status).toBe(status);
    return response.body;
  };
  let storedImage = "";
  for (const kind of ["projects", "blog", "opportunities"]) {
    const entry = ok(await admin.post(`/api/${kind}`, { title: `Fuzz ${kind}` }));
    ids.push(entry.id);
    names.push(entry.slug);
    const owner = kind === "blog" ? "blog_id" : "project_id";
    const image = ok(
      await postForm(admin, `/api/${kind}images`, {
        [owner]: String(entry.id),
        file: ["photo.png", photo],
      }),
    );
    ids.push(image.id);
    storedImage = image.image_url.replace(/^\/storage\//, "");
  }
  const widget = ok(await admin.post("/api/widgets", { name: "FuzzWidget", type: "TEXT" }));
  ids.push(widget.id);
  names.push(widget.name);
  const gallery = ok(await admin.post("/api/galleries", { name: "Fuzz gallery" }));
  ids.push(gallery.id);
  const galleryImage = ok(
    await postForm(admin, "/api/galleriesimages", {
      gallery_id: String(gallery.id),
      file: ["photo.png", photo],
    }),
  );
  ids.push(galleryImage.id);
  const testimonial = ok(
    await admin.post("/api/testimonials", { name: "Fuzz", score: 5, review: "<p>Good</p>" }),
  );
  ids.push(testimonial.id);
  const user = ok(
    await admin.post("/api/users", {
      firstname: "Fuzz",
      lastname: "Victim",
      email: "fuzz-victim@example.org",
      role: "user",
      password: DEFAULT_PASSWORD,
      password_confirmation: DEFAULT_PASSWORD,
    }),
  );
  ids.push(user.id);
  return { ids: [...new Set(ids)], names, storedImage, photo };
}

beforeAll(async () => {
  console.log(`API fuzz: seed ${seed} (FUZZ_SEED=${seed} repeats this run)`);
  ({ api, routes } = await startApiCollectingRoutes());
  passwordHash = await hashPassword(DEFAULT_PASSWORD);
  const { ids, names, storedImage, photo } = await createFixtures(await clientAs(api, "admin"));
  vocabulary = {
    fields: FIELDS,
    plausible: [
      ...ids,
      ...ids.map(String),
      ...names,
      "fuzz@example.org",
      "fuzz-victim@example.org",
      DEFAULT_PASSWORD,
      "2024-05-01T10:00:00Z",
      "https://example.org/page",
      "admin",
      "user",
      "TEXT",
      "IMAGE",
      "123456",
      1,
      5,
      "on",
      true,
    ],
    pathValues: [...ids.map(String), ...names, storedImage, "uploads"],
    image: photo,
  };
}, 60_000);

afterAll(async () => {
  await api?.close();
  console.log(
    `API fuzz (seed ${seed}, FUZZ_SEED=${seed} repeats it) over ${routes.length} routes: ${describeTally(tally)}`,
  );
});

/** The headers of a caller with a fresh session (and a fresh account), password just confirmed. */
async function headersOf(caller: Caller): Promise<Record<string, string>> {
  const client = api.client();
  if (caller === "anonymous") await client.csrf();
  else {
    const db = api.database.db;
    const user =
      caller === "admin"
        ? await createAdmin(db, { password: passwordHash })
        : await createUser(db, { password: passwordHash });
    await signInAs(db, client, user, {
      "auth.password_confirmed_at": Math.floor(Date.now() / 1000),
    });
  }
  const xsrf = await client.cookie("XSRF-TOKEN");
  return {
    Accept: "application/json",
    "X-Requested-With": "XMLHttpRequest",
    Origin: TEST_APP_URL,
    Referer: `${TEST_APP_URL}/`,
    Cookie: await client.jar.getCookieString(api.url),
    ...(xsrf ? { "X-XSRF-TOKEN": decodeURIComponent(xsrf) } : {}),
  };
}

const OTHER_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND"];

async function casesFor(route: Route, caller: Caller): Promise<FuzzRequest[]> {
  const headers = await headersOf(caller);
  const key = `${route.method} ${route.url} ${caller}`;
  const where = {
    path: pathArbitrary(route.url, vocabulary),
    query: queryArbitrary(vocabulary),
    // Per-address throttles must not hide what lies behind them.
    forwardedFor: fc.ipV4(),
  };
  const random = fc.record({
    ...where,
    method: fc.constant(route.method),
    body: bodyArbitrary(vocabulary, "json"),
  });
  const samples = fc.sample(random, { seed: seedFor(seed, key), numRuns: CASES_PER_CALLER });
  // HEAD is GET without a body; the kinds of body go to the routes that may read one.
  if (caller === "admin" && route.method !== "HEAD") {
    // One of each kind of body, so every route gets each at least once, and a method it lacks.
    const kinds = Object.values(bodyArbitraries(vocabulary));
    const once = fc.tuple(
      ...kinds.map((body) => fc.record({ ...where, method: fc.constant(route.method), body })),
      fc.record({
        ...where,
        method: fc.constantFrom(...OTHER_METHODS.filter((method) => method !== route.method)),
        body: bodyArbitrary(vocabulary, "json"),
      }),
    );
    samples.push(...fc.sample(once, { seed: seedFor(seed, `${key} kinds`), numRuns: 1 })[0]!);
  }
  return samples.map((sample) => ({
    method: sample.method,
    target: sample.path + sample.query,
    headers: { ...headers, "X-Forwarded-For": sample.forwardedFor },
    body: sample.body,
    caller,
  }));
}

describe("cases the fuzz found", () => {
  it.each([
    ["/api/contact", "name"],
    ["/api/widgets", "name"],
    ["/api/users", "email"],
    ["/api/galleries", "name"],
  ])("POST %s with %s nested 10 000 deep answers 422", async (path, field) => {
    const admin = await clientAs(api, "admin");
    const deep = "[".repeat(10_000) + "]".repeat(10_000);
    const response = await admin.request("POST", path, {
      headers: { "Content-Type": "application/json" },
      body: `{"${field}":${deep}}`,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors[field]).toBeDefined();
  });

  // The throttle's key held the whole address: PostgreSQL's index refused one near 1 MB.
  it.each(["/forgot-password", "/login"])(
    "POST %s with an email of 500 000 characters answers 422",
    async (path) => {
      const response = await (
        await clientAs(api, "anonymous")
      ).request("POST", path, {
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: `${"é".repeat(500_000)}@example.org`, password: "x" }),
      });
      expect(response.status).toBe(422);
      expect(response.body.errors.email).toBeDefined();
    },
  );

  it.each(["/api/widgets/%00", "/api/projects/%00", "/api/blog/a%00b", "/api/opportunities/%00"])(
    "GET %s (a NUL in a name or slug) answers 404",
    async (path) => {
      const response = await (await clientAs(api, "admin")).get(path);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: "Not Found." });
    },
  );
});

it("finds the API's routes on the running instance", () => {
  const listed = routes.map((route) => `${route.method} ${route.url}`);
  expect(listed).toEqual(
    expect.arrayContaining(["POST /login", "POST /api/projects/:id", "GET /storage/*"]),
  );
});

it("answers no fuzzed request with a 5xx, and every error with JSON {message}", async () => {
  // Deletions last, so the routes before them find the fixtures still there.
  const ordered = [...routes].sort(
    (a, b) => Number(a.method === "DELETE") - Number(b.method === "DELETE"),
  );
  for (const route of ordered) {
    for (const caller of CALLERS) {
      await fuzzAll(api.url, await casesFor(route, caller), judgeApiResponse, tally);
    }
  }
  expect(
    tally.failures.length,
    `seed ${seed}; ${tally.failures.length} failing cases:\n\n${tally.failures.join("\n\n")}\n`,
  ).toBe(0);
}, 180_000);
