import { useRouteLoaderData } from "react-router";
import type { SiteSettings, User } from "./api-types.ts";

export type RootLoaderData = {
  user: User | null;
  settings: SiteSettings;
  appUrl: string;
};

export function useRootData(): RootLoaderData | undefined {
  return useRouteLoaderData("root") as RootLoaderData | undefined;
}

export function useCurrentUser(): User | null {
  return useRootData()?.user ?? null;
}
