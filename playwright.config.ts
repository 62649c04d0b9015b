import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS } from "./scripts/chromium.ts";

const chromium = {
  executablePath: "/usr/bin/chromium",
  args: CHROMIUM_FLAGS,
};

const HTTP_ONLY = /(fuzz|feeds|lighthouse)\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  forbidOnly: true,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    trace: "retain-on-failure",
    launchOptions: chromium,
  },
  projects: [
    {
      name: "js",
      testIgnore: HTTP_ONLY,
      use: { ...devices["Desktop Chrome"], launchOptions: chromium },
      // What the browser does on its own when no script takes over (a post's redirect, say).
      grepInvert: /@no-javascript-only/,
    },
    {
      name: "no-js",
      testIgnore: HTTP_ONLY,
      use: { ...devices["Desktop Chrome"], launchOptions: chromium, javaScriptEnabled: false },
      // What only a script does (autosave, say) has nothing to show without one.
      grepInvert: /@javascript-only/,
    },
    // Specs that run once: HTTP only, or a browser of their own (Lighthouse), so nothing to run
    // twice with JavaScript on and off.
    { name: "http", testMatch: HTTP_ONLY },
  ],
});
