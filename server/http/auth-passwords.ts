import type { FastifyInstance } from "fastify";
import { type AccountContext, confirmPassword } from "../domain/account.ts";
import {
  PASSWORD_RESET,
  RESET_LINK_SENT,
  resetPassword,
  sendPasswordResetLink,
} from "../domain/password-resets.ts";
import { normalizeEmail } from "../domain/users.ts";
import { presentMessage, presentPasswordConfirmationStatus } from "../presenters/account.ts";
import { consumeAttempt, createThrottle, ensureNotThrottled } from "../security/throttle.ts";
import { confirmPasswordForm, forgotPasswordForm, resetPasswordForm } from "./auth-forms.ts";
import { replyEmpty, sessionOf } from "./auth-fortify.ts";
import { auth, currentUser, passwordConfirmedRecently } from "./guards.ts";
import { parseForm } from "./validation.ts";

/** Forgotten and reset passwords, and confirming the password before sensitive changes. */
export async function authPasswordRoutes(app: FastifyInstance, { ctx }: { ctx: AccountContext }) {
  const forgotPerEmail = createThrottle({ maxAttempts: 3, decaySeconds: 60 });
  const forgotPerIp = createThrottle({ maxAttempts: 10, decaySeconds: 60 });
  /** Wrong passwords per user: a stolen session must not become a password oracle. */
  const confirmFailures = createThrottle({ maxAttempts: 5, decaySeconds: 60 });

  app.post("/forgot-password", async (request) => {
    consumeAttempt(forgotPerIp, request.ip);
    const input = await parseForm(forgotPasswordForm, request.body);
    consumeAttempt(forgotPerEmail, normalizeEmail(input.email));
    sendPasswordResetLink(ctx, input.email);
    return presentMessage(RESET_LINK_SENT);
  });

  app.post("/reset-password", async (request) => {
    const input = await parseForm(resetPasswordForm, request.body);
    const userId = await resetPassword(app.db, input);
    // The reset ended every session of the user; this one too, if it was theirs.
    if (request.session?.userId === userId) request.session.invalidate();
    return presentMessage(PASSWORD_RESET);
  });

  app.post("/user/confirm-password", { preHandler: auth }, async (request, reply) => {
    const user = currentUser(request);
    const key = String(user.id);
    ensureNotThrottled(confirmFailures, key);
    const input = await parseForm(confirmPasswordForm, request.body);
    try {
      await confirmPassword(user, input.password);
    } catch (error) {
      confirmFailures.hit(key);
      throw error;
    }
    confirmFailures.clear(key);
    sessionOf(request).put("auth.password_confirmed_at", Math.floor(Date.now() / 1000));
    return replyEmpty(reply, 201);
  });

  app.get("/user/confirmed-password-status", { preHandler: auth }, async (request) =>
    presentPasswordConfirmationStatus(passwordConfirmedRecently(request)),
  );
}
