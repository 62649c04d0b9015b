// A unit test of the web tier's redirect check (app/lib/forms.server.ts). It lives in the api
// project because that is the project vitest runs for unit tests; it needs no API.
import { describe, expect, it } from "vitest";
import { redirectToOf, safeRedirectPath } from "../../app/lib/forms.server.ts";

const SITE = "https://charity.example";

/** What a browser does with the value in `Location` after a POST to the site. */
function landsOn(location: string): URL {
  return new URL(location, `${SITE}/login`);
}

const HOSTILE = [
  "//evil.example",
  "///evil.example",
  "////evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/\\/evil.example",
  "/.//evil.example",
  "/./\\evil.example",
  "/.\\/evil.example",
  "/.\\\\evil.example",
  "/%2e//evil.example",
  "/%2E//evil.example",
  "/%2e/\\evil.example",
  "/a/..//evil.example",
  "/a/../\\evil.example",
  "/a/%2e%2e//evil.example",
  "/a/%2E%2e//evil.example",
  "/..//evil.example",
  "/../..//evil.example",
  "/./././/evil.example",
  "/a/b/../..//evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/\t\\evil.example",
  "/.\t//evil.example",
  "\t//evil.example",
  " //evil.example",
  "\n/\n/evil.example",
  "/\u0000/evil.example",
  "https://evil.example",
  "https://evil.example/account",
  "http:evil.example",
  "http:/evil.example",
  "https:\\\\evil.example",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "//evil.example@charity.example",
  "//charity.example@evil.example",
  "/%2F/evil.example",
  "/%2f%2fevil.example",
  "/%5C/evil.example",
  "/%5c%5cevil.example",
  "/%09/evil.example",
  "/%0a/evil.example",
  "/%0d%0aLocation:%20https://evil.example",
  "evil.example",
  "account",
  "",
  "  ",
];

describe("safeRedirectPath", () => {
  it("keeps a path on this site as it is", () => {
    for (const path of [
      "/",
      "/account",
      "/account/profile",
      "/admin/projects/3?page=2",
      "/account/2fa#recovery-codes",
      "/blog/a-day-at-the-well?ref=mail",
    ]) {
      expect(safeRedirectPath(path, "/fallback")).toBe(path);
    }
  });

  it.each(HOSTILE.map((value) => [JSON.stringify(value), value]))(
    "never leads off the site: %s",
    (_shown, value) => {
      const result = safeRedirectPath(value, "/fallback");
      expect(result.startsWith("/")).toBe(true);
      expect(result.startsWith("//")).toBe(false);
      expect(result.startsWith("/\\")).toBe(false);
      // eslint-disable-next-line no-control-regex -- the point is that none survive
      expect(result).not.toMatch(/[\u0000-\u001f\u007f\s]/);
      expect(landsOn(result).origin).toBe(SITE);
    },
  );

  it("answers the fallback for the classic tricks, not a normalised copy of them", () => {
    for (const value of [
      "/.//evil.example",
      "/%2e//evil.example",
      "/a/..//evil.example",
      "/.\\/evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
    ]) {
      expect(safeRedirectPath(value, "/fallback")).toBe("/fallback");
    }
  });

  it("answers the fallback for what is not a string", () => {
    for (const value of [undefined, null, 42, ["/account"], { path: "/account" }]) {
      expect(safeRedirectPath(value, "/fallback")).toBe("/fallback");
    }
  });

  it("applies the same check to ?redirectTo= of a page", () => {
    const url = new URL(`${SITE}/login?redirectTo=${encodeURIComponent("/.//evil.example")}`);
    expect(redirectToOf(url, "")).toBe("");
    const fine = new URL(`${SITE}/login?redirectTo=${encodeURIComponent("/account/profile")}`);
    expect(redirectToOf(fine, "")).toBe("/account/profile");
  });
});
