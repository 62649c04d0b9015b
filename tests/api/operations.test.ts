import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/database.ts";
import { presentActivity } from "../../server/presenters/activity.ts";

const root = path.resolve(import.meta.dirname, "..", "..");
const dataDir = mkdtempSync(path.join(tmpdir(), "almoner-ops-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type Exit = { code: number | null; stdout: string; stderr: string };

function startApiProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      API_PORT: "0",
      LOG_LEVEL: "info",
      DATABASE_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<Exit>((resolve) =>
    child.on("exit", (code) => resolve({ code, stdout, stderr })),
  );
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout.on("data", () => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (match) resolve(match[1]!);
    });
    void exited.then((exit) => reject(new Error(`exited early: ${exit.stderr || exit.stdout}`)));
  });
  listening.catch(() => {});
  return { child, exited, listening };
}

describe("operating the API", () => {
  it("refuses to start on a bad environment value with one line naming the variable", async () => {
    const { exited } = startApiProcess({ API_PORT: "eighty" });
    const exit = await exited;
    expect(exit.code).toBe(1);
    const lines = exit.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid environment variable API_PORT="eighty"/);
  });

  it("refuses a REDIS_URL that is no redis:// URL with one line naming it", async () => {
    const { exited } = startApiProcess({ REDIS_URL: "localhost:6379" });
    const exit = await exited;
    expect(exit.code).toBe(1);
    const lines = exit.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid environment variable REDIS_URL="localhost:6379"/);
  });

  it("refuses to start when REDIS_URL does not answer, with one line naming it", async () => {
    const { exited } = startApiProcess({ REDIS_URL: "redis://127.0.0.1:1" });
    const exit = await exited;
    expect(exit.code).toBe(1);
    const lines = exit.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Cannot reach REDIS_URL: /);
  });

  it("stops and exits cleanly on SIGTERM", async () => {
    const { child, exited, listening } = startApiProcess({});
    const url = await listening;
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    child.kill("SIGTERM");
    const exit = await exited;
    expect(exit.code).toBe(0);
    expect(exit.stdout).toMatch(/SIGTERM received, shutting down/);
  });

  it("never logs cookies, XSRF tokens or link signatures", async () => {
    const { child, exited, listening } = startApiProcess({});
    const url = await listening;
    await fetch(`${url}/api/user`, {
      headers: {
        Cookie: "almoner_session=secret-session-value",
        "X-XSRF-TOKEN": "secret-token-value",
      },
    });
    await fetch(`${url}/email/verify/1/abc?expires=1&signature=secret-signature-value`);
    child.kill("SIGTERM");
    const exit = await exited;
    expect(exit.stdout).toContain("/email/verify/1/abc");
    expect(exit.stdout).not.toContain("secret-signature-value");
    expect(exit.stdout).not.toContain("secret-session-value");
    expect(exit.stdout).not.toContain("secret-token-value");
  });
});

/** A command of scripts/ run as npm runs it, on this file's DATA_DIR. */
const runScript = (script: string, ...args: string[]) =>
  new Promise<Exit>((resolve) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });

describe("npm run user:create", () => {
  const createUser = (...args: string[]) => runScript("scripts/user-create.ts", ...args);

  it("creates a user and refuses a duplicate with one line", async () => {
    const args = [
      "--email",
      "staff@example.org",
      "--password",
      "long-enough-1",
      "--role",
      "admin",
      "--verified",
    ];
    const created = await createUser(...args);
    expect(created.code).toBe(0);
    expect(created.stdout).toContain("staff@example.org");

    const duplicate = await createUser(...args);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr.trim().split("\n")).toHaveLength(1);
    expect(duplicate.stderr).toContain("The email has already been taken.");
  });

  it("explains a bad option", async () => {
    const exit = await createUser("--email", "someone@example.org", "--password", "short");
    expect(exit.code).toBe(1);
    expect(exit.stderr).toContain("--password must be at least 8 characters");
  });
});

describe("npm run user:two-factor-off", () => {
  const turnOff = (...args: string[]) => runScript("scripts/user-two-factor-off.ts", ...args);
  const email = "lost-phone@example.org";

  /** The member's two-factor columns, as the API would have stored them once it was on. */
  async function twoFactorOf({ turnOn = false } = {}) {
    const database = openDatabase({ dataDir });
    try {
      const users = database.db.updateTable("users").where("email", "=", email);
      if (turnOn) {
        await users
          .set({
            two_factor_secret: "encrypted-secret",
            two_factor_recovery_codes: "encrypted-codes",
            two_factor_confirmed_at: new Date().toISOString(),
          })
          .execute();
      }
      const row = await database.db
        .selectFrom("users")
        .select(["two_factor_secret", "two_factor_recovery_codes", "two_factor_confirmed_at"])
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      return row;
    } finally {
      await database.db.destroy();
    }
  }

  it("turns it off for the member named, mails them, and says so; again, that it was off", async () => {
    const created = await runScript(
      "scripts/user-create.ts",
      ...["--email", email, "--password", "long-enough-1", "--verified"],
    );
    expect(created.code).toBe(0);
    await twoFactorOf({ turnOn: true });

    const exit = await turnOff("--email", email);
    expect(exit.code).toBe(0);
    expect(exit.stdout).toContain(
      `Turned off two-factor sign-in for ${email}; they log in with their password.`,
    );
    // No SMTP_URL: the mail is written to the outbox, and the command names the file.
    expect(exit.stdout).toMatch(/mail written to outbox: .+\.eml/);
    expect(await twoFactorOf()).toEqual({
      two_factor_secret: null,
      two_factor_recovery_codes: null,
      two_factor_confirmed_at: null,
    });

    // The Activity screen names who did it: no user, the operator.
    const database = openDatabase({ dataDir });
    try {
      const line = await database.db
        .selectFrom("activity")
        .selectAll()
        .where("action", "=", "two_factor_turned_off")
        .executeTakeFirstOrThrow();
      expect(presentActivity(line).user).toEqual({ id: null, name: "The site's operator" });
    } finally {
      await database.db.destroy();
    }

    const again = await turnOff("--email", email);
    expect(again.code).toBe(0);
    expect(again.stdout.trim()).toBe(`Two-factor sign-in was already off for ${email}.`);
  });

  it("names an address nobody has, and a missing option, in one line", async () => {
    const unknown = await turnOff("--email", "nobody-here@example.org");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe(
      "user:two-factor-off: no user has the email address nobody-here@example.org.",
    );
    const missing = await turnOff();
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("--email is required");
  });
});
