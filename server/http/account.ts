import type { FastifyInstance } from "fastify";
import { type AccountContext, changePassword, updateProfile } from "../domain/account.ts";
import { keyringFor } from "../security/encryption.ts";
import { issueRememberToken, REMEMBER_COOKIE, setRememberCookie } from "../security/remember.ts";
import { passwordUpdateForm, profileForm } from "./auth-forms.ts";
import { jsonBody, route } from "./route.ts";
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
  // Both may check the member's password: they share confirm-password's count of guesses.
  const guards = [auth, throttle("confirm-password")];

  app.put(
    "/user/profile-information",
    route(
      {
        guards,
        body: (_fields, { request }) =>
          profileForm(app.db, currentUser(request), {
            passwordConfirmed: passwordConfirmedRecently(request),
          }),
        read: jsonBody,
      },
      async ({ body }, request, reply) => {
        await updateProfile(ctx, currentUser(request), body);
        return replyEmpty(reply, 200);
      },
    ),
  );

  app.put(
    "/user/password",
    route(
      {
        guards,
        body: (_fields, { request }) => passwordUpdateForm(currentUser(request)),
        read: jsonBody,
      },
      async ({ body: input }, request, reply) => {
        const user = currentUser(request);
        await changePassword(app.db, user, input.password, sessionOf(request).id);
        await clearThrottle(request, "confirm-password");
        await logAccountEvent(request, "password_changed", user);
        // Other devices lose their remember cookies; this one keeps being remembered if it was.
        if (request.cookies[REMEMBER_COOKIE])
          setRememberCookie(app, reply, await issueRememberToken(app.db, ctx.keyring, user));
        return replyEmpty(reply, 200);
      },
    ),
  );
}
