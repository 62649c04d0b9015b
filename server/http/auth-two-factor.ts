import type { FastifyInstance } from "fastify";
import type { AccountContext } from "../domain/account.ts";
import {
  confirmTwoFactor,
  disableTwoFactor,
  enableTwoFactor,
  recoveryCodesOf,
  regenerateRecoveryCodes,
  twoFactorQrCode,
  twoFactorSecretKey,
} from "../domain/two-factor.ts";
import { HttpError } from "../errors.ts";
import {
  presentRecoveryCodes,
  presentTwoFactorQrCode,
  presentTwoFactorSecretKey,
} from "../presenters/account.ts";
import { enableTwoFactorForm, twoFactorCodeForm } from "./auth-forms.ts";
import { jsonBody, route } from "./route.ts";
import { replyEmpty } from "./auth-fortify.ts";
import { currentUser, passwordConfirmed } from "./guards.ts";
import { logAccountEvent } from "./activity.ts";

const notEnabled = () => new HttpError(404, "Two factor authentication has not been enabled.");

/** Two-factor management (Fortify): every call needs a signed-in user who confirmed their password. */
export async function authTwoFactorRoutes(app: FastifyInstance, { ctx }: { ctx: AccountContext }) {
  const guards = [passwordConfirmed];

  app.post(
    "/user/two-factor-authentication",
    route(
      { guards, body: enableTwoFactorForm, read: jsonBody },
      async ({ body }, request, reply) => {
        await enableTwoFactor(ctx, currentUser(request), body.force);
        return replyEmpty(reply, 200);
      },
    ),
  );

  app.post(
    "/user/confirmed-two-factor-authentication",
    route({ guards, body: twoFactorCodeForm, read: jsonBody }, async ({ body }, request, reply) => {
      await confirmTwoFactor(ctx, currentUser(request), body.code);
      await logAccountEvent(request, "two_factor_enabled", currentUser(request));
      return replyEmpty(reply, 200);
    }),
  );

  app.delete(
    "/user/two-factor-authentication",
    route({ guards }, async (_input, request, reply) => {
      await disableTwoFactor(app.db, currentUser(request));
      await logAccountEvent(request, "two_factor_disabled", currentUser(request));
      return replyEmpty(reply, 200);
    }),
  );

  // As in Fortify: an empty array while two-factor is off.
  app.get(
    "/user/two-factor-qr-code",
    route({ guards }, async (_input, request) => {
      const qrCode = await twoFactorQrCode(ctx, currentUser(request));
      return qrCode ? presentTwoFactorQrCode(qrCode) : [];
    }),
  );

  app.get(
    "/user/two-factor-secret-key",
    route({ guards }, async (_input, request) => {
      const secretKey = twoFactorSecretKey(ctx.keyring, currentUser(request));
      if (secretKey === null) throw notEnabled();
      return presentTwoFactorSecretKey(secretKey);
    }),
  );

  app.get(
    "/user/two-factor-recovery-codes",
    route({ guards }, async (_input, request) =>
      presentRecoveryCodes(recoveryCodesOf(ctx.keyring, currentUser(request))),
    ),
  );

  app.post(
    "/user/two-factor-recovery-codes",
    route({ guards }, async (_input, request, reply) => {
      if (!(await regenerateRecoveryCodes(ctx, currentUser(request)))) throw notEnabled();
      return replyEmpty(reply, 200);
    }),
  );
}
