import QRCode from "qrcode";
import type { DB } from "../db/database.ts";
import { ValidationError } from "../errors.ts";
import { twoFactorTurnedOffMail } from "../mail/account-mails.ts";
import { siteName } from "../mail/identity.ts";
import type { Mailer } from "../mail/mailer.ts";
import { type Keyring, safeEqual } from "../security/encryption.ts";
import {
  generateRecoveryCode,
  generateRecoveryCodes,
  generateTotpSecret,
  looksLikeTotpCode,
  matchTotpStep,
  totpUrl,
} from "../security/totp.ts";
import type { User } from "../types.ts";

/**
 * Fortify's two-factor authentication. The secret and the recovery codes are stored
 * encrypted (AES-256-GCM); a TOTP step is accepted once (users.two_factor_last_step) and a
 * recovery code once (it is replaced by a new one).
 */
type TwoFactorContext = { db: DB; keyring: Keyring };

const INVALID_CODE = "The provided two factor authentication code was invalid.";
const INVALID_RECOVERY_CODE = "The provided two factor recovery code was invalid.";

const secretOf = (keyring: Keyring, user: User) =>
  user.two_factor_secret === null ? null : keyring.decrypt(user.two_factor_secret);

export function recoveryCodesOf(keyring: Keyring, user: User): string[] {
  if (user.two_factor_secret === null || user.two_factor_recovery_codes === null) return [];
  return JSON.parse(keyring.decrypt(user.two_factor_recovery_codes)) as string[];
}

const encryptCodes = (keyring: Keyring, codes: string[]) => keyring.encrypt(JSON.stringify(codes));

/**
 * Creates a secret and eight recovery codes, unconfirmed until the first code is entered.
 * As in Fortify, an existing secret is kept unless `force` (then it must be confirmed again).
 */
export async function enableTwoFactor(
  { db, keyring }: TwoFactorContext,
  user: User,
  force = false,
) {
  if (user.two_factor_secret !== null && !force) return;
  await db
    .updateTable("users")
    .set({
      two_factor_secret: keyring.encrypt(generateTotpSecret()),
      two_factor_recovery_codes: encryptCodes(keyring, generateRecoveryCodes()),
      two_factor_confirmed_at: null,
      two_factor_last_step: null,
    })
    .where("id", "=", user.id)
    .execute();
}

/** Fortify's ConfirmTwoFactorAuthentication: the first valid code switches two-factor on. */
export async function confirmTwoFactor(
  ctx: TwoFactorContext,
  user: User,
  code: string,
): Promise<void> {
  if (!(await spendTotpCode(ctx, user, code))) throw ValidationError.field("code", INVALID_CODE);
  await ctx.db
    .updateTable("users")
    .set({ two_factor_confirmed_at: new Date().toISOString() })
    .where("id", "=", user.id)
    .execute();
}

export async function disableTwoFactor(db: DB, user: User): Promise<void> {
  await db
    .updateTable("users")
    .set({
      two_factor_secret: null,
      two_factor_recovery_codes: null,
      two_factor_confirmed_at: null,
      two_factor_last_step: null,
    })
    .where("id", "=", user.id)
    .execute();
}

/**
 * Staff turn off a member's two-factor sign-in (record 063): for someone who lost their
 * authenticator and their recovery codes, who could not log in otherwise. The member is mailed,
 * after the change is stored. False, and no mail, when it was not on.
 */
export async function turnOffTwoFactorFor(
  ctx: { db: DB; mailer: Mailer; appUrl: string },
  user: User,
): Promise<boolean> {
  if (user.two_factor_confirmed_at === null) return false;
  await disableTwoFactor(ctx.db, user);
  const links = { accountUrl: `${ctx.appUrl}/account/2fa`, contactUrl: `${ctx.appUrl}/contact` };
  ctx.mailer.queue(async () => twoFactorTurnedOffMail(await siteName(ctx.db), user, links));
  return true;
}

/** Fortify's GenerateNewRecoveryCodes; false when two-factor has not been enabled. */
export async function regenerateRecoveryCodes(
  { db, keyring }: TwoFactorContext,
  user: User,
): Promise<boolean> {
  if (user.two_factor_secret === null) return false;
  await db
    .updateTable("users")
    .set({ two_factor_recovery_codes: encryptCodes(keyring, generateRecoveryCodes()) })
    .where("id", "=", user.id)
    .execute();
  return true;
}

export function twoFactorSecretKey(keyring: Keyring, user: User): string | null {
  return secretOf(keyring, user);
}

/** The otpauth URL (issuer: the foundation's name, label: the email) and its QR code as SVG. */
export async function twoFactorQrCode({ db, keyring }: TwoFactorContext, user: User) {
  const secret = secretOf(keyring, user);
  if (secret === null) return null;
  const url = totpUrl(secret, await siteName(db), user.email);
  const svg = await QRCode.toString(url, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { svg, url };
}

/**
 * The login challenge. The web tier sends the same value as `code` and `recovery_code`, so:
 * a value shaped like an authenticator code (six digits) is checked as TOTP, anything else as
 * a recovery code; the 422 names the field that matches the value's shape. Returns which passed.
 */
export async function passTwoFactorChallenge(
  ctx: TwoFactorContext,
  user: User,
  input: { code?: string | null; recovery_code?: string | null },
): Promise<"code" | "recovery_code"> {
  const code = input.code?.trim() || null;
  const recoveryCode = input.recovery_code?.trim() || null;
  const value = code ?? recoveryCode ?? "";
  if (looksLikeTotpCode(value)) {
    if (await spendTotpCode(ctx, user, value)) return "code";
    throw ValidationError.field("code", INVALID_CODE);
  }
  const candidate = recoveryCode ?? code;
  if (candidate && (await spendRecoveryCode(ctx, user, candidate))) return "recovery_code";
  throw ValidationError.field(
    recoveryCode ? "recovery_code" : "code",
    recoveryCode ? INVALID_RECOVERY_CODE : INVALID_CODE,
  );
}

/** True when the code is valid now and its step newer than the last one used; records the step. */
async function spendTotpCode(
  { db, keyring }: TwoFactorContext,
  user: User,
  code: string,
): Promise<boolean> {
  const secret = secretOf(keyring, user);
  const step = secret === null ? null : matchTotpStep(secret, code);
  if (step === null) return false;
  // Compare-and-set, so two requests racing with the same code cannot both pass.
  const result = await db
    .updateTable("users")
    .set({ two_factor_last_step: step })
    .where("id", "=", user.id)
    .where((eb) =>
      eb.or([eb("two_factor_last_step", "is", null), eb("two_factor_last_step", "<", step)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** True when the code is one of the user's unused recovery codes; it is replaced by a new one. */
async function spendRecoveryCode(
  { db, keyring }: TwoFactorContext,
  user: User,
  code: string,
): Promise<boolean> {
  const codes = recoveryCodesOf(keyring, user);
  const index = codes.findIndex((stored) => safeEqual(stored, code));
  if (index === -1 || user.two_factor_recovery_codes === null) return false;
  codes[index] = generateRecoveryCode();
  const result = await db
    .updateTable("users")
    .set({ two_factor_recovery_codes: encryptCodes(keyring, codes) })
    .where("id", "=", user.id)
    .where("two_factor_recovery_codes", "=", user.two_factor_recovery_codes)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
