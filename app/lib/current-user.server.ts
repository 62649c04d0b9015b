import type { ApiClient } from "./api.server.ts";
import { CurrentUserSchema, type User } from "./api-types.ts";

const SIGNED_OUT_STATUSES = [401, 403, 419, 423];

/** The signed-in user, or null on any failure (spec §4: a failed fetch silently means no user). */
export async function loadCurrentUser(api: ApiClient): Promise<User | null> {
  if (!api.hasCookies) return null;
  try {
    const result = await api.get("/api/user", {
      schema: CurrentUserSchema,
      handles: SIGNED_OUT_STATUSES,
    });
    return result.ok ? result.body.data : null;
  } catch {
    return null;
  }
}
