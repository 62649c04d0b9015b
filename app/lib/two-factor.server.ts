import { assertOk, type ApiClient } from "./api.server.ts";
import type { User } from "./api-types.ts";

export const TWO_FACTOR_PAGE = "/account/2fa";

/**
 * Where Activate sends the member back to after Confirm Password: the confirmation itself
 * carries the activation on (a POST, like the click it stands for), so one click of Activate is
 * enough.
 */
export const ACTIVATE_AFTER_CONFIRMING = `${TWO_FACTOR_PAGE}?activate=1`;

export function isActivationAfterConfirming(target: string): boolean {
  const url = new URL(target, "http://site.invalid");
  return url.pathname === TWO_FACTOR_PAGE && url.searchParams.get("activate") === "1";
}

/**
 * POST /user/two-factor-authentication: a new secret and recovery codes, unconfirmed until the
 * first code. Nothing when two-factor is already on (that would replace a working secret).
 */
export async function startTwoFactorActivation(api: ApiClient, user: User): Promise<void> {
  if (user.two_factor) return;
  assertOk(await api.post("/user/two-factor-authentication"), "Activate two-factor");
}
