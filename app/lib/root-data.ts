import { useRouteLoaderData } from "react-router";
import type { SiteSettings, User } from "./api-types.ts";

export type RootLoaderData = {
  user: User | null;
  settings: SiteSettings;
  appUrl: string;
  /** The visitor's locale for dates (from `Accept-Language`), the same on server and browser. */
  locale: string;
};

export function useRootData(): RootLoaderData | undefined {
  return useRouteLoaderData("root") as RootLoaderData | undefined;
}

export function useCurrentUser(): User | null {
  return useRootData()?.user ?? null;
}
