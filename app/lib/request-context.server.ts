import { createContext, RouterContextProvider } from "react-router";
import type { ApiClient } from "./api.server.ts";
import type { SiteSettings, User } from "./api-types.ts";
import { loadWebConfig, type WebConfig } from "./config.server.ts";
import type { KeptPreview } from "./entry-preview.server.ts";
import { type KeptFormStore, type KeptStore, memoryStore } from "./kept-form-store.server.ts";

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
  /** Where typed previews wait for their tab to be reloaded (record 058). */
  keptPreviews: KeptStore<KeptPreview>;
};

const configFromEnvironment = loadWebConfig();
const keptInMemory = memoryStore();
const previewsInMemory = memoryStore<KeptPreview>();

export const requestFactsContext = createContext<RequestFacts>({
  config: configFromEnvironment,
  nonce: undefined,
  clientAddress: undefined,
  keptForms: keptInMemory,
  keptPreviews: previewsInMemory,
});

export const apiClientContext = createContext<ApiClient>();
export const currentUserContext = createContext<User | null>(null);
/** The API did not say who is signed in (record 061): the guards answer 503, not Log In. */
export const sessionUnknownContext = createContext<boolean>(false);
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
    keptPreviews: facts.keptPreviews ?? previewsInMemory,
  });
  return context;
}
