import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, request as httpRequest, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequest, APIRequestContext, Page } from "@playwright/test";
import { createPrivatePostgresDatabase } from "../fixtures/database.ts";
import { startS3Server, type TestBucket, type TestS3Server } from "../support/s3-server.ts";
import { E2E_ADMIN } from "./accounts.ts";
import { logOutInAnotherTab } from "./account-support.ts";
import { photoFile } from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";
import { freePorts, nodeBinary, repositoryRoot, stop, waitUntilHealthy } from "./global-setup.ts";

/**
 * Two copies of the site (each an API and a web tier: `npm run serve`) behind one address, as a
 * load balancer would put them, sharing one PostgreSQL database, one Redis and one S3 bucket. The
 * balancer sends a request to the instance its `X-Instance` header names, so a test can cross
 * from one to the other mid-journey.
 */
const POSTGRES_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = "redis://127.0.0.1:6379";
const MEMBER_PASSWORD = "a-long-password-1";

type Cluster = {
  url: string;
  /** Each instance's own API, which a client may call directly. */
  apiUrls: string[];
  instances: ChildProcess[];
  close(): Promise<void>;
};

let cluster: Cluster;
let s3: TestS3Server;
let bucket: TestBucket;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  s3 = await startS3Server();
  bucket = await s3.createBucket();
  cluster = await startCluster(bucket.storageUrl);
});

test.afterAll(async () => {
  await cluster?.close();
  await s3?.close();
});

async function startCluster(storageUrl: string): Promise<Cluster> {
  const database = await createPrivatePostgresDatabase(POSTGRES_URL);
  const [balancerPort, ...ports] = await freePorts(5);
  const appUrl = `http://127.0.0.1:${balancerPort}`;
  const dataDirs: string[] = [];
  const shared: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: "127.0.0.1",
    APP_URL: appUrl,
    APP_KEY: randomBytes(32).toString("base64"),
    DATABASE_URL: database.url,
    REDIS_URL,
    STORAGE_URL: storageUrl,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    LOG_LEVEL: "warn",
  };
  delete shared.API_URL;
  delete shared.SMTP_URL;

  const instances: ChildProcess[] = [];
  const targets: number[] = [];
  const apiUrls = [ports[1], ports[3]].map((port) => `http://127.0.0.1:${port}`);
  const close = async () => {
    await new Promise<void>((resolve) => balancer.close(() => resolve()));
    balancer.closeAllConnections();
    await Promise.all(instances.map((instance) => stop(instance)));
    await database.drop();
    await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
  };
  const balancer = startBalancer(balancerPort!, targets);

  try {
    for (const [index, [port, apiPort]] of [
      [ports[0], ports[1]],
      [ports[2], ports[3]],
    ].entries()) {
      const dataDir = await mkdtemp(path.join(tmpdir(), `almoner-e2e-multi-${index + 1}-`));
      dataDirs.push(dataDir);
      const env = { ...shared, DATA_DIR: dataDir, PORT: String(port), API_PORT: String(apiPort) };
      // The first instance's run seeds the shared database (and puts the seed's pictures in the
      // bucket); the second finds them there.
      if (index === 0) await run(["scripts/seed.ts"], { ...env, SEED_DEMO: "1" });
      const instance = spawn(nodeBinary, ["scripts/serve.ts"], {
        cwd: repositoryRoot,
        env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      instances.push(instance);
      const output: string[] = [];
      instance.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
      instance.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
      await waitUntilHealthy(`http://127.0.0.1:${port}/healthz`, instance, output);
      targets.push(port!);
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { url: appUrl, apiUrls, instances, close };
}

/** Relays each request to the instance named by `X-Instance` (1 or 2), else to the first. */
function startBalancer(port: number, targets: number[]): Server {
  const server = createServer((req, res) => {
    const index = req.headers["x-instance"] === "2" ? 1 : 0;
    const upstream = httpRequest(
      {
        host: "127.0.0.1",
        port: targets[index],
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  server.listen(port, "127.0.0.1");
  return server;
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(nodeBinary, args, { cwd: repositoryRoot, env, stdio: "pipe" });
    const output: string[] = [];
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(" ")}: ${output.join("")}`)),
    );
  });
}

async function useInstance(page: Page, instance: 1 | 2): Promise<void> {
  await page.setExtraHTTPHeaders({ "X-Instance": String(instance) });
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto(`${cluster.url}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

test("a member signs in through one instance and carries on through the other", async ({
  page,
}) => {
  const email = `member-${randomBytes(4).toString("hex")}@example.org`;
  await useInstance(page, 1);
  await page.goto(`${cluster.url}/register`);
  await page.getByLabel("Firstname").fill("Nia");
  await page.getByLabel("Lastname").fill("Mensah");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(MEMBER_PASSWORD);
  await page.getByLabel("Repeat Password").fill(MEMBER_PASSWORD);
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(`${cluster.url}/`);

  await useInstance(page, 2);
  await page.goto(`${cluster.url}/account/profile`);
  await expect(page.getByLabel("First Name")).toHaveValue("Nia");
  await page.getByLabel("First Name").fill("Nia Ama");
  await page.getByRole("button", { name: "Update" }).click();
  await expect(page.getByRole("status")).toContainText("Your Changes Have Been Saved");

  await useInstance(page, 1);
  await page.goto(`${cluster.url}/account/profile`);
  await expect(page.getByLabel("First Name")).toHaveValue("Nia Ama");
});

test("a picture an admin uploads through one instance shows through the other", async ({
  page,
  browser,
}) => {
  await useInstance(page, 1);
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(`${cluster.url}/`);
  await page.goto(`${cluster.url}/founders`);
  await page.getByRole("link", { name: "Edit Founder1Image" }).click();
  const alt = `Our founder at the well ${randomBytes(3).toString("hex")}`;
  await page
    .getByLabel("Image", { exact: true })
    .setInputFiles(await photoFile("f.jpg", "#2a9d8f"));
  await page.getByLabel("Alt Text").fill(alt);
  await page.getByRole("button", { name: "Save Changes" }).click();
  // Opened from the page's pencil, the save leads back to the page (record 035).
  await expect(page).toHaveURL(`${cluster.url}/founders`);

  const visitor = await browser.newPage({ extraHTTPHeaders: { "X-Instance": "2" } });
  await visitor.goto(`${cluster.url}/founders`);
  const picture = visitor.getByRole("img", { name: alt });
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  const src = await picture.getAttribute("src");
  const key = new URL(src!, cluster.url).pathname.replace(/^\/storage\//, "");
  expect(await bucket.keys()).toContain(key);
  await visitor.close();
});

test("wrong passwords spread across both instances hit the throttle at the same count as on one", async ({
  playwright,
}) => {
  const email = `target-${randomBytes(4).toString("hex")}@example.org`;
  const answers: string[] = [];
  for (let attempt = 1; attempt <= 7; attempt++) {
    const client = await playwright.request.newContext({
      baseURL: cluster.url,
      extraHTTPHeaders: { "X-Instance": String((attempt % 2) + 1), Origin: cluster.url },
    });
    const response = await client.post("/login", {
      form: { email, password: `wrong-${attempt}` },
      maxRedirects: 0,
    });
    const text = await response.text();
    answers.push(
      text.includes("Too many attempts.")
        ? "throttled"
        : text.includes("These credentials do not match our records.")
          ? "refused"
          : `answered ${response.status()}`,
    );
    await client.dispose();
  }
  // Five guesses in a minute per address and email (Fortify's login limit), whichever instance.
  expect(answers).toEqual([
    "refused",
    "refused",
    "refused",
    "refused",
    "refused",
    "throttled",
    "throttled",
  ]);
});

/** A visitor without cookies whose requests the balancer sends to one instance. */
function visitorOf(request: APIRequest, instance: 1 | 2): Promise<APIRequestContext> {
  return request.newContext({
    baseURL: cluster.url,
    extraHTTPHeaders: { "X-Instance": String(instance) },
  });
}

/**
 * Home at an address of its own, just stored in that instance's render cache, which would answer
 * it unchanged for 5 s more: only an announced change can make it render again sooner.
 */
async function freshlyCachedHome(
  visitor: APIRequestContext,
): Promise<{ path: string; text: string }> {
  const path = `/?visit=${randomBytes(4).toString("hex")}`;
  expect((await visitor.get(path)).headers()["x-render-cache"]).toBe("miss");
  const again = await visitor.get(path);
  expect(again.headers()["x-render-cache"]).toBe("hit");
  return { path, text: await again.text() };
}

/** What a visitor is shown at `path`. */
const shown = (visitor: APIRequestContext, path: string) =>
  visitor.get(path).then((response) => response.text());

/** Polls within what is left of the second that began at `savedAt`. */
const withinASecondOf = (savedAt: number) => ({
  timeout: Math.max(1, savedAt + 1_000 - Date.now()),
  intervals: [20],
});

const newPhone = () => `+44 20 7946 ${1000 + (randomBytes(2).readUInt16BE() % 9000)}`;

test("a change saved through one instance shows on the other within a second", async ({
  page,
  playwright,
}) => {
  const phone = newPhone();
  const other = await visitorOf(playwright.request, 2);

  await useInstance(page, 1);
  await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(`${cluster.url}/`);
  await page.goto(`${cluster.url}/admin/settings`);
  await page.getByLabel("Phone").fill(phone);
  const home = await freshlyCachedHome(other);
  expect(home.text).not.toContain(phone);
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" &&
      new URL(response.url()).pathname.startsWith("/admin/settings"),
  );
  await page.getByRole("button", { name: "Save Changes" }).click();
  expect((await saved).status()).toBeLessThan(400);
  const savedAt = Date.now();

  await expect.poll(() => shown(other, home.path), withinASecondOf(savedAt)).toContain(phone);
  await expect(page.getByRole("status").filter({ hasText: "Changes saved...." })).toBeVisible();
  await other.dispose();
});

test("a change made through the API directly shows on both instances within a second", async ({
  playwright,
}) => {
  const phone = newPhone();
  const visitors = [await visitorOf(playwright.request, 1), await visitorOf(playwright.request, 2)];

  // A client of the API itself (a script, an app), signed in as an admin, on the second's API.
  const api = await playwright.request.newContext({
    baseURL: cluster.apiUrls[1],
    extraHTTPHeaders: {
      Accept: "application/json",
      "X-Requested-With": "XMLHttpRequest",
      Origin: cluster.url,
      Referer: `${cluster.url}/`,
    },
  });
  const xsrf = async () => {
    const { cookies } = await api.storageState();
    const token = cookies.find((cookie) => cookie.name === "XSRF-TOKEN")?.value ?? "";
    return { "X-XSRF-TOKEN": decodeURIComponent(token) };
  };
  expect((await api.get("/sanctum/csrf-cookie")).status()).toBe(204);
  const login = await api.post("/login", {
    headers: await xsrf(),
    data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
  });
  expect(login.status()).toBe(200);

  const homes = [];
  for (const visitor of visitors) homes.push(await freshlyCachedHome(visitor));
  for (const home of homes) expect(home.text).not.toContain(phone);
  const saved = await api.put("/api/settings", { headers: await xsrf(), data: { phone } });
  const savedAt = Date.now();
  expect(saved.status()).toBe(200);

  for (const [index, visitor] of visitors.entries()) {
    const { path } = homes[index]!;
    await expect.poll(() => shown(visitor, path), withinASecondOf(savedAt)).toContain(phone);
  }
  await Promise.all([api, ...visitors].map((context) => context.dispose()));
});

// With JavaScript the screen keeps what was typed itself (record 049): nothing is kept over Log In.
test(
  "without JavaScript, a Save that met an ended session on one instance comes back after Log In on the other",
  { tag: "@no-javascript-only" },
  async ({ page }) => {
    const phone = newPhone();
    await useInstance(page, 1);
    await logIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(`${cluster.url}/`);
    await page.goto(`${cluster.url}/admin/settings`);
    await logOutInAnotherTab(page, cluster.url);
    await page.getByLabel("Phone").fill(phone);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(
      `${cluster.url}/login?redirectTo=${encodeURIComponent("/admin/settings")}`,
    );
    await expect(page.getByRole("alert")).toHaveText(
      "You were signed out, so your changes were not saved. Log in, and what you typed will be back in the form.",
    );

    await useInstance(page, 2);
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(`${cluster.url}/admin/settings`);
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: "This is what you typed before you were signed out." }),
    ).toBeVisible();
    await expect(page.getByLabel("Phone")).toHaveValue(phone);

    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Changes saved...." })).toBeVisible();
    await useInstance(page, 1);
    await page.goto(`${cluster.url}/admin/settings`);
    await expect(page.getByLabel("Phone")).toHaveValue(phone);
  },
);
