import type { ApiClient } from "./api.server.ts";
import { CurrentUserSchema, type User } from "./api-types.ts";

const SIGNED_OUT_STATUSES = [401, 403, 419, 423];

/**
 * Who is signed in, as the API said: `known` is false when it did not say (no answer within the
 * deadline, a 429 or a 5xx, a body of another shape). The pages then show no user (spec §4: a failed fetch
 * silently means no user), but the guards answer 503 rather than send to Log In: the session may
 * well be alive.
 */
export type SessionCheck = { user: User | null; known: boolean };

export async function loadCurrentUser(api: ApiClient): Promise<SessionCheck> {
  if (!api.hasCookies) return { user: null, known: true };
  try {
    const result = await api.get("/api/user", {
      schema: CurrentUserSchema,
      handles: SIGNED_OUT_STATUSES,
    });
    if (result.ok) return { user: result.body.data, known: true };
    // Only the session statuses say no one is signed in; a 429 or a 5xx says nothing of it.
    return { user: null, known: SIGNED_OUT_STATUSES.includes(result.status) };
  } catch {
    return { user: null, known: false };
  }
}
