import { createContext, RouterContextProvider } from "react-router";
import type { ApiClient } from "./api.server.ts";
import type { SiteSettings, User } from "./api-types.ts";
import { loadWebConfig, type WebConfig } from "./config.server.ts";
import { type KeptFormStore, memoryStore } from "./kept-form-store.server.ts";

/** Facts the HTTP host knows about one request and the app cannot see on its own. */
export type RequestFacts = {
  config: WebConfig;
  /** The per-request CSP nonce for inline scripts. */
  nonce: string | undefined;
  clientAddress: string | undefined;
  /** Aborts when the request's one deadline passes: every API call of the request shares it. */
  deadline?: AbortSignal;
  /**
   * Files of a posted form that the host dropped as too large (their field names, e.g. "image"):
   * the rest of the form reaches the action, which answers with the field's error (record 038).
   */
  tooLargeUploads?: readonly string[];
  /** Where forms that met an ended session wait for Log In (record 050). */
  keptForms: KeptFormStore;
};

const configFromEnvironment = loadWebConfig();
const keptInMemory = memoryStore();

export const requestFactsContext = createContext<RequestFacts>({
  config: configFromEnvironment,
  nonce: undefined,
  clientAddress: undefined,
  keptForms: keptInMemory,
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
    deadline: facts.deadline,
    tooLargeUploads: facts.tooLargeUploads ?? [],
    keptForms: facts.keptForms ?? keptInMemory,
  });
  return context;
}
