import { randomBytes } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import type { ServerBuild } from "react-router";
import { makeImage } from "../fixtures/images.ts";
import {
  bodyArbitraries,
  bodyArbitrary,
  describeTally,
  type FuzzRequest,
  type FuzzVocabulary,
  fuzzAll,
  fuzzSeed,
  judgeWebResponse,
  newTally,
  pathArbitrary,
  seedFor,
  FORM_FIELDS,
} from "../support/fuzz.ts";
import { HttpClient } from "../support/http-client.ts";
import { E2E_ADMIN } from "./accounts.ts";
import { expect, test } from "./fixtures.ts";
import { repositoryRoot, startSite, type Site } from "./global-setup.ts";

/**
 * Every form action of the web tier (each route module of the build that exports `action`) gets
 * hostile bodies, paths and query strings, from a same-origin page so the CSRF check lets them
 * through, as a signed-in admin and anonymously. No answer may be a 5xx; an error is a page or a
 * short text, never a stack trace.
 *
 * An admin posting junk to every admin form changes what every page shows (the settings, the
 * widgets, the demo entries), so this runs on a site of its own, as admin-settings.spec.ts does,
 * in the "http" project only (playwright.config.ts): it needs no browser.
 */

/** Random cases per action and caller, besides one of each kind of body as admin. */
const CASES_PER_CALLER = 8;
const CALLERS = ["anonymous", "admin"] as const;
type Caller = (typeof CALLERS)[number];

/** The fields the web tier's forms read. */
const FIELDS = [
  ...FORM_FIELDS,
  "intent",
  "ids",
  "direction",
  "redirectTo",
  "facebook",
  "instagram",
  "twitter",
  "order",
  "page",
];

const INTENTS = [
  "activate",
  "confirm",
  "create",
  "danger",
  "deactivate",
  "delete",
  "delete-account",
  "delete-photo",
  "light",
  "move",
  "move-photo",
  "order",
  "order-photos",
  "regenerate",
  "rotate-photo",
  "save",
  "save-photo",
];

type FormAction = { id: string; template: string; index: boolean };

const seed = fuzzSeed();
const tally = newTally();
let site: Site;

/** The routes of the built app whose module exports `action`, with their URL templates. */
async function formActions(): Promise<FormAction[]> {
  const buildPath = path.join(repositoryRoot, "build", "server", "index.js");
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  const urlOf = (id: string): string => {
    const route = build.routes[id]!;
    const parent = route.parentId ? urlOf(route.parentId) : "";
    return route.path ? `${parent}/${route.path}` : parent;
  };
  return Object.values(build.routes)
    .filter((route) => route && typeof route.module.action === "function")
    .map((route) => ({
      id: route!.id,
      template: urlOf(route!.id) || "/",
      index: Boolean(route!.index),
    }));
}

/** A client of the API signed in with `credentials`, as the web tier's own session. */
async function signIn(credentials: { email: string; password: string }): Promise<HttpClient> {
  const client = new HttpClient(site.apiUrl, { origin: site.appUrl });
  await client.csrf();
  const login = await client.post("/login", { ...credentials, remember: false });
  expect(login.status, `sign-in of ${credentials.email}`).toBe(200);
  return client;
}

/** The ids of what the site holds, by the admin path segment that names them. */
async function idsByResource(admin: HttpClient): Promise<Record<string, string[]>> {
  const ids = async (url: string) => {
    const response = await admin.get(url);
    expect(response.status, `GET ${url}`).toBe(200);
    const list = Array.isArray(response.body) ? response.body : response.body.results;
    return (list as { id: number }[]).map((item) => String(item.id));
  };
  const victims: string[] = [];
  for (let index = 0; index < 3; index += 1) {
    const password = `fuzz-${randomBytes(6).toString("hex")}`;
    const created = await admin.post("/api/users", {
      firstname: "Fuzz",
      lastname: `Victim ${index}`,
      email: `fuzz-victim-${index}-${randomBytes(3).toString("hex")}@example.org`,
      role: index === 0 ? "admin" : "user",
      password,
      password_confirmation: password,
    });
    expect(created.status).toBe(201);
    victims.push(String(created.body.id));
  }
  return {
    users: victims,
    projects: await ids("/api/projects?limit=100"),
    blog: await ids("/api/blog?limit=100"),
    opportunities: await ids("/api/opportunities?limit=100"),
    widgets: await ids("/api/widgets"),
    galleries: await ids("/api/galleries?limit=100"),
    testimonials: await ids("/api/testimonials?limit=100"),
  };
}

/** A fresh admin for each action: a junk post may sign its session out or change its address. */
async function freshAdminCookie(keeper: HttpClient): Promise<string> {
  const email = `fuzz-admin-${randomBytes(5).toString("hex")}@example.org`;
  const password = `fuzz-${randomBytes(8).toString("hex")}`;
  const created = await keeper.post("/api/users", {
    firstname: "Fuzz",
    lastname: "Admin",
    email,
    role: "admin",
    password,
    password_confirmation: password,
  });
  expect(created.status, "a fuzz admin is created").toBe(201);
  const admin = await signIn({ email, password });
  return admin.jar.getCookieString(site.appUrl);
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  console.log(`Web-tier fuzz: seed ${seed} (FUZZ_SEED=${seed} repeats this run)`);
  site = await startSite();
});

test.afterAll(async () => {
  await site?.stop();
});

test("no form action answers a fuzzed request with a 5xx or a stack trace", async () => {
  test.setTimeout(180_000);
  const actions = await formActions();
  expect(actions.map((action) => action.template)).toEqual(
    expect.arrayContaining(["/contact", "/login", "/admin/users/:id", "/admin/settings"]),
  );

  // Keeper: the first admins are made before any junk is posted, so nothing can lock them out.
  const keeper = await signIn(E2E_ADMIN);
  const ids = await idsByResource(keeper);
  const adminCookies = await Promise.all(actions.map(() => freshAdminCookie(keeper)));
  const adminScreen = await fetch(`${site.appUrl}/admin`, {
    headers: { Cookie: adminCookies[0]! },
    redirect: "manual",
  });
  expect(adminScreen.status, "the fuzz admins are signed in").toBe(200);
  const image = await makeImage("png", 32, 24);
  const contentIds = Object.entries(ids)
    .filter(([resource]) => resource !== "users")
    .flatMap(([, list]) => list);

  for (const [index, action] of actions.entries()) {
    // The ids this screen names (users only for the users screens, so no junk deletes an admin).
    const resource = action.template.split("/")[2] ?? "";
    const resourceIds = ids[resource] ?? contentIds;
    const vocabulary: FuzzVocabulary = {
      fields: FIELDS,
      plausible: [
        ...resourceIds,
        ...INTENTS,
        "up",
        "down",
        "admin",
        "user",
        "TEXT",
        "IMAGE",
        "fuzz@example.org",
        "2024-05-01T10:00:00Z",
        "https://example.org/page",
        "/account",
        "//evil.example",
        "123456",
        "on",
      ],
      pathValues: resourceIds.length > 0 ? resourceIds : ["1"],
      image,
    };
    for (const caller of CALLERS) {
      const cookie = caller === "admin" ? adminCookies[index]! : undefined;
      await fuzzAll(
        site.appUrl,
        casesFor(action, caller, vocabulary, cookie),
        judgeWebResponse,
        tally,
      );
    }
  }
  console.log(
    `Web-tier fuzz (seed ${seed}, FUZZ_SEED=${seed} repeats it) over ${actions.length} form actions: ${describeTally(tally)}`,
  );
  expect(
    tally.failures.length,
    `seed ${seed}; ${tally.failures.length} failing cases:\n\n${tally.failures.join("\n\n")}\n`,
  ).toBe(0);
});

const UNSAFE_METHODS = ["POST", "PUT", "PATCH", "DELETE"];

function casesFor(
  action: FormAction,
  caller: Caller,
  vocabulary: FuzzVocabulary,
  cookie: string | undefined,
): FuzzRequest[] {
  const key = `${action.id} ${caller}`;
  const where = {
    path: pathArbitrary(action.template, vocabulary),
    // A JavaScript client posts to `<path>.data` (React Router's single fetch).
    data: fc.boolean(),
    query: fc.constantFrom("", "?redirectTo=%2F%2Fevil.example", "?index&page=%zz", "?%E0%A4%A"),
    forwardedFor: fc.ipV4(),
  };
  const random = fc.record({
    ...where,
    method: fc.oneof(
      { arbitrary: fc.constant("POST"), weight: 5 },
      { arbitrary: fc.constantFrom(...UNSAFE_METHODS), weight: 1 },
    ),
    body: bodyArbitrary(vocabulary, "form"),
  });
  const samples = fc.sample(random, { seed: seedFor(seed, key), numRuns: CASES_PER_CALLER });
  if (caller === "admin") {
    const kinds = Object.values(bodyArbitraries(vocabulary));
    const once = fc.tuple(
      ...kinds.map((body) => fc.record({ ...where, method: fc.constant("POST"), body })),
    );
    samples.push(...fc.sample(once, { seed: seedFor(seed, `${key} kinds`), numRuns: 1 })[0]!);
  }
  return samples.map((sample) => {
    const pathname = sample.data ? `${sample.path === "/" ? "/_" : sample.path}.data` : sample.path;
    const query = [action.index ? "index" : "", sample.query.replace(/^\?/, "")]
      .filter(Boolean)
      .join("&");
    return {
      method: sample.method,
      target: query ? `${pathname}?${query}` : pathname,
      headers: {
        Origin: site.appUrl,
        Referer: `${site.appUrl}${action.template}`,
        "X-Forwarded-For": sample.forwardedFor,
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: sample.body,
      caller,
    };
  });
}
