import type { ApiClient } from "./api.server.ts";
import type { User } from "./api-types.ts";

/** The signed-in user, or null on any failure (spec §4: a failed fetch silently means no user). */
export async function loadCurrentUser(api: ApiClient): Promise<User | null> {
  if (!api.hasCookies) return null;
  try {
    const result = await api.get<{ data?: User }>("/api/user");
    const user = result.ok ? result.body?.data : undefined;
    if (!user || typeof user.id !== "number") return null;
    return {
      id: user.id,
      firstname: user.firstname,
      lastname: user.lastname,
      email: user.email,
      role: user.role === "admin" ? "admin" : "user",
      two_factor: Boolean(user.two_factor),
      email_verified_at: user.email_verified_at ?? null,
    };
  } catch {
    return null;
  }
}
