// `npm test`: installs what is missing, builds, then runs every suite (lint, typecheck, API on
// SQLite and on PostgreSQL when one answers, contract, end-to-end in Chromium with JS on and off).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureChromium } from "./chromium.ts";
import { unloadableNativePackages } from "./platforms.ts";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
/** The native dependencies the suites load (Tailwind's for the build). */
const NATIVE_FOR_TESTS = ["sharp", "@node-rs/argon2", "better-sqlite3", "@tailwindcss/oxide"];
const reports = mkdtempSync(path.join(tmpdir(), "almoner-reports-"));

type Tally = { passed: number; failed: number };
const tally: Tally = { passed: 0, failed: 0 };
const failedSteps: string[] = [];
/** Each failed test by step and name, printed again at the end, where a log's tail shows it. */
const failedTests: string[] = [];

function run(
  step: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
): boolean {
  console.log(`\n▶ ${step}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  const ok = result.status === 0;
  if (!ok) failedSteps.push(step);
  return ok;
}

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  testResults: {
    name: string;
    assertionResults: { fullName: string; status: string }[];
  }[];
};

function countVitest(step: string, file: string) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, "utf8")) as VitestReport;
  tally.passed += report.numPassedTests;
  tally.failed += report.numFailedTests;
  for (const testFile of report.testResults) {
    for (const test of testFile.assertionResults) {
      if (test.status === "failed") {
        failedTests.push(`${step}: ${path.relative(root, testFile.name)} › ${test.fullName}`);
      }
    }
  }
}

type PlaywrightSuite = {
  title: string;
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: { projectName: string; status: string }[];
  }[];
  suites?: PlaywrightSuite[];
};

function failedPlaywrightTests(suite: PlaywrightSuite, titles: string[]): string[] {
  const suiteTitles = suite.title ? [...titles, suite.title] : titles;
  const failed: string[] = [];
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      if (test.status === "unexpected") {
        failed.push(
          `[${test.projectName}] ${spec.file}:${spec.line} › ${[...suiteTitles.slice(1), spec.title].join(" › ")}`,
        );
      }
    }
  }
  for (const child of suite.suites ?? []) failed.push(...failedPlaywrightTests(child, suiteTitles));
  return failed;
}

function countPlaywright(step: string, file: string) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, "utf8")) as {
    stats: { expected: number; unexpected: number; flaky: number };
    suites: PlaywrightSuite[];
  };
  tally.passed += report.stats.expected + report.stats.flaky;
  tally.failed += report.stats.unexpected;
  for (const suite of report.suites) {
    for (const test of failedPlaywrightTests(suite, [])) failedTests.push(`${step}: ${test}`);
  }
}

function postgresAnswers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

function vitest(step: string, project: string, env: Record<string, string> = {}) {
  const output = path.join(reports, `${step.replace(/\W+/g, "-")}.json`);
  run(
    step,
    bin("vitest"),
    [
      "run",
      "--project",
      project,
      "--reporter=default",
      "--reporter=json",
      `--outputFile=${output}`,
    ],
    env,
  );
  countVitest(step, output);
}

/** What this machine cannot run, said before the run and again at its end. */
const cannotRun: string[] = unloadableNativePackages(NATIVE_FOR_TESTS);
const noChromium = ensureChromium();
if (noChromium) cannotRun.push(`${noChromium} The end-to-end suites are skipped.`);
for (const problem of cannotRun) console.error(problem);

if (!run("build", "npm", ["run", "build", "--silent"])) {
  console.error("The build failed; the suites that need it cannot run.");
  process.exit(1);
}
run("lint", "npm", ["run", "lint", "--silent"]);
run("typecheck", "npm", ["run", "typecheck", "--silent"]);

vitest("API on SQLite", "api", { TEST_DATABASE_URL: "" });
const postgresUrl = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const postgres = new URL(postgresUrl);
if (await postgresAnswers(postgres.hostname, Number(postgres.port || 5432))) {
  vitest("API on PostgreSQL", "api", { TEST_DATABASE_URL: postgresUrl });
} else {
  const problem = `PostgreSQL does not answer at ${postgres.host}: the API suites' PostgreSQL runs are skipped (they ran on SQLite only). Start PostgreSQL there, or set TEST_DATABASE_URL.`;
  console.log(`\n${problem}`);
  cannotRun.push(problem);
}
vitest("contract", "contract", { TEST_DATABASE_URL: "" });

const e2eReport = path.join(reports, "e2e.json");
const e2eStep = "end-to-end (Chromium, JavaScript on and off)";
if (noChromium) failedSteps.push("end-to-end (no Chromium)");
else
  run(e2eStep, bin("playwright"), ["test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
  });
countPlaywright(e2eStep, e2eReport);

rmSync(reports, { recursive: true, force: true });
console.log("");
for (const problem of cannotRun) console.log(problem);
if (failedTests.length > 0)
  console.log(`Failed tests:\n${failedTests.map((test) => `  ${test}`).join("\n")}`);
if (failedSteps.length > 0) console.log(`Failed steps: ${failedSteps.join(", ")}`);
console.log(`tests: ${tally.passed} passed, ${tally.failed} failed`);
process.exit(failedSteps.length > 0 || tally.failed > 0 ? 1 : 0);
