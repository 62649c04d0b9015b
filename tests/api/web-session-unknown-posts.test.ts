// A page's post, without JavaScript, while the API did not say who is signed in, or that the API
// did not answer: the browser goes back to the page it came from with the "could not complete"
// message, and to no other site.
import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { backWhenNotAnswered, backWhenSessionUnknown } from "../../app/lib/guards.server.ts";
import {
  createLoadContext,
  requestFactsContext,
  sessionUnknownContext,
} from "../../app/lib/request-context.server.ts";

const SITE = "http://site.example";
const NO_ANSWER = "The site could not complete this just now. Please try again in a moment.";

function postOf(path: string, headers: Record<string, string> = {}, method = "POST") {
  return new Request(`${SITE}${path}`, { method, headers });
}

async function answerTo(request: Request, { sessionUnknown = true } = {}) {
  const context = createLoadContext({});
  context.set(sessionUnknownContext, sessionUnknown);
  const url = new URL(request.url);
  return { context, answer: await backWhenSessionUnknown(request, { url, context }) };
}

describe("a page's post while the API did not say who is signed in", () => {
  it("goes back to the page it was posted from, which is told it was not done", async () => {
    const { context, answer } = await answerTo(
      postOf("/admin/users/7", { Referer: `${SITE}/admin/users/7?tab=facts` }),
    );
    expect(answer?.status).toBe(303);
    expect(answer?.headers.get("Location")).toBe("/admin/users/7?tab=facts");
    const { cookieSecret } = context.get(requestFactsContext).config;
    const flashCookie = createCookie("almoner_flash", { secrets: [cookieSecret] });
    expect(await flashCookie.parse(answer!.headers.get("Set-Cookie"))).toEqual({
      page: "/admin/users/7",
      flash: { kind: "error", message: NO_ANSWER },
    });
  });

  it("gives the page back what was typed, but never a password, a code or the intent", async () => {
    const form = (fields: Record<string, string>) =>
      new Request(`${SITE}/account/profile`, {
        method: "POST",
        headers: { Referer: `${SITE}/account/profile` },
        body: new URLSearchParams(fields),
      });
    const { context, answer } = await answerTo(
      form({
        firstname: "Ada",
        lastname: "Byron",
        current_password: "long-enough-1",
        code: "123456",
        intent: "save",
      }),
    );
    const { cookieSecret } = context.get(requestFactsContext).config;
    const flashCookie = createCookie("almoner_flash", { secrets: [cookieSecret] });
    const left = await flashCookie.parse(answer!.headers.get("Set-Cookie"));
    expect(left.flash.typed).toEqual({ firstname: "Ada", lastname: "Byron" });

    // More than the cookie should carry: the message alone.
    const long = await answerTo(form({ lastname: "x".repeat(2000) }));
    const longLeft = await flashCookie.parse(long.answer!.headers.get("Set-Cookie"));
    expect(longLeft.flash).toEqual({ kind: "error", message: NO_ANSWER });
  });

  it("goes back to the address it was posted to when the Referer is missing or another site's", async () => {
    for (const referer of [undefined, "https://elsewhere.example/admin", "not a url"]) {
      const headers: Record<string, string> = { "Sec-Fetch-Mode": "navigate" };
      if (referer) headers.Referer = referer;
      const { answer } = await answerTo(postOf("/account/profile?index", headers));
      expect(answer?.headers.get("Location"), referer).toBe("/account/profile");
    }
  });

  it("never goes to another site through a Referer that reads as one once normalised", async () => {
    for (const path of [
      "//evil.example/x",
      "/.//evil.example/x",
      "/%2e//evil.example",
      "/\\evil.example",
    ]) {
      const { answer } = await answerTo(postOf("/admin/blog", { Referer: `${SITE}${path}` }));
      const location = answer?.headers.get("Location") ?? "";
      expect(new URL(location, SITE).origin, path).toBe(SITE);
      expect(location, path).toMatch(/^\/(?!\/)/);
    }
  });

  it("leaves the router's posts, reads, and a known session to the guard", async () => {
    const routerPost = postOf("/admin/blog", { "Sec-Fetch-Mode": "cors" });
    expect((await answerTo(routerPost)).answer).toBeNull();
    expect((await answerTo(postOf("/admin/blog", {}, "GET"))).answer).toBeNull();
    expect((await answerTo(postOf("/admin/blog"), { sessionUnknown: false })).answer).toBeNull();
  });
});

describe("a page's post whose action met an API that did not answer its write", () => {
  async function answerTo(request: Request, response: Response) {
    const context = createLoadContext({});
    const url = new URL(request.url);
    return backWhenNotAnswered(request, response, { url, context });
  }
  const unavailable = () => new Response("Service Unavailable", { status: 503 });

  it("goes back to the screen behind the confirmation it was posted from, with the message", async () => {
    const post = postOf("/admin/users/7", { Referer: `${SITE}/admin/users/7?confirm=delete` });
    const answer = await answerTo(post, unavailable());
    expect(answer?.status).toBe(303);
    expect(answer?.headers.get("Location")).toBe("/admin/users/7");
    expect(answer?.headers.get("Set-Cookie")).toMatch(/^almoner_flash=/);
  });

  it("leaves an action that answered for itself, and the router's posts, as they are", async () => {
    const typed = postOf("/account/profile", { Referer: `${SITE}/account/profile` });
    expect(await answerTo(typed, new Response("form", { status: 200 }))).toBeNull();
    const routerPost = postOf("/admin/users/7", { "Sec-Fetch-Mode": "cors" });
    expect(await answerTo(routerPost, unavailable())).toBeNull();
  });
});
