import { randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;
const DIGITS = 6;
/** Codes of one step before or after now are accepted, for clock drift. */
const WINDOW = 1;
const RECOVERY_CODE_COUNT = 8;
const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

const totpFor = (secret: string, issuer = "", label = "") =>
  new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });

/** A new base32 secret of 160 bits (RFC 4226's recommended length). */
export function generateTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/…` URL the QR code carries. */
export function totpUrl(secret: string, issuer: string, label: string): string {
  return totpFor(secret, issuer, label).toString();
}

/** True when the input has the shape of an authenticator code (six digits, spaces allowed). */
export function looksLikeTotpCode(input: string): boolean {
  return /^\d{6}$/.test(input.replace(/\s+/g, ""));
}

/**
 * The time step the code belongs to when it is valid now (±1 step), else null. Callers
 * store the step and refuse steps not newer than it, so each code works once.
 */
export function matchTotpStep(secret: string, code: string, timestamp = Date.now()): number | null {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const totp = totpFor(secret);
  const delta = totp.validate({ token, timestamp, window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp }) + delta;
}

/** Fortify's format: ten letters or digits, a dash, ten more. */
export function generateRecoveryCode(): string {
  const part = () =>
    Array.from({ length: 10 }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join("");
  return `${part()}-${part()}`;
}

export function generateRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode);
}
