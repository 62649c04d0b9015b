import type { FastifyInstance } from "fastify";
import { type AccountContext, changePassword, updateProfile } from "../domain/account.ts";
import { keyringFor } from "../security/encryption.ts";
import { issueRememberToken, REMEMBER_COOKIE, setRememberCookie } from "../security/remember.ts";
import { passwordUpdateForm, profileForm } from "./auth-forms.ts";
import { parseForm } from "./validation.ts";
import { authEmailRoutes } from "./auth-email.ts";
import { authPasswordRoutes } from "./auth-passwords.ts";
import { authSessionRoutes } from "./auth-session.ts";
import { authTwoFactorRoutes } from "./auth-two-factor.ts";
import { replyEmpty, sessionOf } from "./auth-fortify.ts";
import { auth, currentUser, passwordConfirmedRecently } from "./guards.ts";
import { clearThrottle, throttle } from "./throttles.ts";
import { logAccountEvent } from "./activity.ts";

/** Every call of DESIGN §5 "Account (Fortify-compatible)" except GET /api/user. */
export async function accountRoutes(app: FastifyInstance) {
  const ctx: AccountContext = {
    db: app.db,
    keyring: keyringFor(app.config.appKey),
    mailer: app.mailer,
    appUrl: app.config.appUrl,
  };
  await app.register(authSessionRoutes, { ctx });
  await app.register(authPasswordRoutes, { ctx });
  await app.register(authEmailRoutes, { ctx });
  await app.register(authTwoFactorRoutes, { ctx });
  await app.register(profileRoutes, { ctx });
}

/** The member's own profile and password. */
async function profileRoutes(app: FastifyInstance, { ctx }: { ctx: AccountContext }) {
  app.addHook("preHandler", auth);

  // Both may check the member's password: they share confirm-password's count of guesses.
  app.put(
    "/user/profile-information",
    { preHandler: throttle("confirm-password") },
    async (request, reply) => {
      const user = currentUser(request);
      const passwordConfirmed = passwordConfirmedRecently(request);
      const input = await parseForm(profileForm(app.db, user, { passwordConfirmed }), request.body);
      await updateProfile(ctx, user, input);
      return replyEmpty(reply, 200);
    },
  );

  app.put(
    "/user/password",
    { preHandler: throttle("confirm-password") },
    async (request, reply) => {
      const user = currentUser(request);
      const input = await parseForm(passwordUpdateForm(user), request.body);
      await changePassword(app.db, user, input.password, sessionOf(request).id);
      await clearThrottle(request, "confirm-password");
      await logAccountEvent(request, "password_changed", user);
      // Other devices lose their remember cookies; this one keeps being remembered if it was.
      if (request.cookies[REMEMBER_COOKIE])
        setRememberCookie(app, reply, await issueRememberToken(app.db, ctx.keyring, user));
      return replyEmpty(reply, 200);
    },
  );
}
