import type { FastifyInstance } from "fastify";
import { type AccountContext, confirmPassword } from "../domain/account.ts";
import {
  PASSWORD_RESET,
  RESET_LINK_SENT,
  resetPassword,
  sendPasswordResetLink,
} from "../domain/password-resets.ts";
import { presentMessage, presentPasswordConfirmationStatus } from "../presenters/account.ts";
import { confirmPasswordForm, forgotPasswordForm, resetPasswordForm } from "./auth-forms.ts";
import { replyEmpty, sessionOf } from "./auth-fortify.ts";
import { auth, currentUser, passwordConfirmedRecently } from "./guards.ts";
import { clearThrottle, throttle } from "./throttles.ts";
import { jsonBody, route } from "./route.ts";
import { logAccountEvent } from "./activity.ts";
import { findUserById } from "../domain/users.ts";

/** Forgotten and reset passwords, and confirming the password before sensitive changes. */
export async function authPasswordRoutes(app: FastifyInstance, { ctx }: { ctx: AccountContext }) {
  app.post(
    "/forgot-password",
    route(
      {
        guards: [throttle("forgot-password"), throttle("forgot-password-email")],
        body: forgotPasswordForm,
        read: jsonBody,
      },
      async ({ body }) => {
        sendPasswordResetLink(ctx, body.email);
        return presentMessage(RESET_LINK_SENT);
      },
    ),
  );

  app.post(
    "/reset-password",
    route({ body: resetPasswordForm, read: jsonBody }, async ({ body }, request) => {
      const userId = await resetPassword(app.db, body);
      await logAccountEvent(request, "password_changed", await findUserById(app.db, userId));
      // The reset ended every session of the user; this one too, if it was theirs.
      if (request.session?.userId === userId) request.session.invalidate();
      return presentMessage(PASSWORD_RESET);
    }),
  );

  app.post(
    "/user/confirm-password",
    route(
      { guards: [auth, throttle("confirm-password")], body: confirmPasswordForm, read: jsonBody },
      async ({ body }, request, reply) => {
        await confirmPassword(currentUser(request), body.password);
        await clearThrottle(request, "confirm-password");
        sessionOf(request).put("auth.password_confirmed_at", Math.floor(Date.now() / 1000));
        return replyEmpty(reply, 201);
      },
    ),
  );

  app.get(
    "/user/confirmed-password-status",
    route({ guards: [auth] }, async (_input, request) =>
      presentPasswordConfirmationStatus(passwordConfirmedRecently(request)),
    ),
  );
}
