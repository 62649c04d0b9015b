import { redirect } from "react-router";
import { apiClientContext } from "../lib/request-context.server.ts";
import type { Route } from "./+types/logout";

/** Signs out at the API (a failure is ignored, spec §8) and goes Home; the root relays the cookies. */
export async function action({ context }: Route.ActionArgs) {
  try {
    await context
      .get(apiClientContext)
      .post("/logout", undefined, { handles: [401, 403, 419, 423] });
  } catch (error) {
    console.error("Logout at the API failed:", error);
  }
  return redirect("/");
}

export function loader() {
  return redirect("/");
}
