import { expect } from "vitest";
import { createUser, DEFAULT_PASSWORD } from "./factories.ts";
import { HttpClient } from "./http-client.ts";
import { startTestApi, TEST_APP_URL, type TestApi } from "./test-api.ts";

/**
 * The API a contract suite calls: API_URL (a Laravel backend, with APP_URL one of its stateful
 * domains) or, without it, a fresh embedded API. The admin calls sign in as CONTRACT_ADMIN_EMAIL /
 * CONTRACT_ADMIN_PASSWORD (a verified admin without two-factor sign-in) or, embedded, a new admin.
 */
export type ContractTarget = {
  /** Set when the suite runs against our own API, which it may seed and read. */
  embedded: TestApi | undefined;
  /** A browser-like client of the web tier's origin. */
  client(): HttpClient;
  /** A client signed in as an admin through the same calls as the web tier's login. */
  signedInAdmin(): Promise<HttpClient>;
  close(): Promise<void>;
};

export async function openContractTarget(): Promise<ContractTarget> {
  const external = process.env.API_URL;
  const embedded = external ? undefined : await startTestApi();
  const baseUrl = external ?? embedded!.url;
  const origin = external ? new URL(process.env.APP_URL ?? external).origin : TEST_APP_URL;
  const client = () => new HttpClient(baseUrl, { origin });

  return {
    embedded,
    client,
    async signedInAdmin() {
      let email = process.env.CONTRACT_ADMIN_EMAIL;
      let password = process.env.CONTRACT_ADMIN_PASSWORD;
      if (embedded) {
        const admin = await createUser(embedded.database.db, { role: "admin" });
        [email, password] = [admin.email, DEFAULT_PASSWORD];
      }
      if (!email || !password)
        throw new Error(
          "Set CONTRACT_ADMIN_EMAIL and CONTRACT_ADMIN_PASSWORD to run the admin calls.",
        );
      const admin = client();
      await admin.csrf();
      const login = await admin.post("/login", { email, password, remember: false });
      expect(login.status).toBe(200);
      expect(login.body?.two_factor ?? false).toBe(false);
      return admin;
    },
    close: async () => embedded?.close(),
  };
}
