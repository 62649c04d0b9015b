// What the host asks of the app about a request's path (app/lib/host-hooks.server.ts): the host
// knows no route of the app's.
import { afterAll, describe, expect, it } from "vitest";
import { createHostHooks } from "../../app/lib/host-hooks.server.ts";

const hooks = createHostHooks({
  apiUrl: "http://127.0.0.1:9",
  appUrl: "http://127.0.0.1",
  appKey: "host-hooks-test-key-0123456789",
});
afterAll(() => hooks.close());

describe("the posts that empty the visitors' page cache", () => {
  it("are an admin's saves, deletes and orders, not a preview nor a visitor's form", () => {
    for (const path of ["/admin/blog/3", "/admin/settings", "/admin/galleries/2/photos"]) {
      expect(hooks.changesContent(path)).toBe(true);
    }
    for (const path of [
      "/admin/blog/3/preview",
      "/admin/projects/1/preview/",
      "/contact",
      "/login",
    ]) {
      expect(hooks.changesContent(path)).toBe(false);
    }
  });
});
