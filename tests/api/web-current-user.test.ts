// What the web tier makes of the API's answer to GET /api/user (app/lib/current-user.server.ts):
// only a session status says no one is signed in; anything else leaves it unknown, so that the
// guards answer 503 rather than send a signed-in admin to Log In (record 061).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../../app/lib/api.server.ts";
import { loadCurrentUser } from "../../app/lib/current-user.server.ts";

const ADMIN = {
  id: 1,
  firstname: "Ada",
  lastname: "Admin",
  email: "ada@example.org",
  role: "admin",
  email_verified_at: "2026-11-25T13:00:00.000000Z",
  two_factor: false,
};

describe("who is signed in, as the API's answer to GET /api/user says", () => {
  let server: Server;
  let apiUrl: string;

  beforeAll(async () => {
    // The browser's cookie names the answer this test wants: `answer=401`, `answer=hang`…
    server = createServer((request, response) => {
      const answer = /answer=(\w+)/.exec(request.headers.cookie ?? "")?.[1];
      if (answer === "hang") return;
      response.setHeader("Content-Type", "application/json");
      if (answer === "user") return response.end(JSON.stringify({ data: ADMIN }));
      if (answer === "odd") return response.end(JSON.stringify({ data: { id: "nobody" } }));
      response.statusCode = Number(answer);
      response.end(JSON.stringify({ message: "No." }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const sessionWith = (cookieHeader: string | null) =>
    loadCurrentUser(
      new ApiClient({
        apiUrl,
        appUrl: "http://127.0.0.1:3000",
        cookieHeader,
        clientAddress: undefined,
        pageLocation: "/admin",
        deadline: AbortSignal.timeout(2000),
      }),
    );

  it("knows the user the API names", async () => {
    const session = await sessionWith("answer=user");
    expect(session).toMatchObject({ user: { id: 1, role: "admin" }, known: true });
  });

  it("knows no one is signed in without cookies, or when the API answers a session status", async () => {
    expect(await sessionWith(null)).toEqual({ user: null, known: true });
    for (const status of [401, 403, 419, 423]) {
      expect(await sessionWith(`answer=${status}`)).toEqual({ user: null, known: true });
    }
  });

  it("does not know when the API throttles, fails, answers a body of another shape or does not answer", async () => {
    for (const answer of ["429", "500", "503", "odd", "hang"]) {
      expect(await sessionWith(`answer=${answer}`), answer).toEqual({ user: null, known: false });
    }
  });
});
