import { createContext, RouterContextProvider } from "react-router";
import type { ApiClient } from "./api.server.ts";
import type { SiteSettings, User } from "./api-types.ts";
import { loadWebConfig, type WebConfig } from "./config.server.ts";

/** Facts the HTTP host knows about one request and the app cannot see on its own. */
export type RequestFacts = {
  config: WebConfig;
  /** The per-request CSP nonce for inline scripts. */
  nonce: string | undefined;
  clientAddress: string | undefined;
};

const configFromEnvironment = loadWebConfig();

export const requestFactsContext = createContext<RequestFacts>({
  config: configFromEnvironment,
  nonce: undefined,
  clientAddress: undefined,
});

export const apiClientContext = createContext<ApiClient>();
export const currentUserContext = createContext<User | null>(null);
export const siteSettingsContext = createContext<SiteSettings>(configFromEnvironment.siteDefaults);

export function createLoadContext(facts: Partial<RequestFacts>): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestFactsContext, {
    config: facts.config ?? configFromEnvironment,
    nonce: facts.nonce,
    clientAddress: facts.clientAddress,
  });
  return context;
}
