import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AccountContext } from "../domain/account.ts";
import { findUserByCredentials, hasTwoFactorEnabled, registerUser } from "../domain/account.ts";
import { passTwoFactorChallenge } from "../domain/two-factor.ts";
import { findUserById } from "../domain/users.ts";
import { unauthenticated, ValidationError } from "../errors.ts";
import { presentLoginResult } from "../presenters/account.ts";
import { clearRememberCookie, forgetRememberTokens } from "../security/remember.ts";
import { loginForm, registrationForm, twoFactorChallengeForm } from "./auth-forms.ts";
import { jsonBody, route } from "./route.ts";
import { replyEmpty, sessionOf, startAuthenticatedSession } from "./auth-fortify.ts";
import { auth, currentUser } from "./guards.ts";
import { clearThrottle, throttle } from "./throttles.ts";
import { logAccountEvent } from "./activity.ts";

const FAILED_LOGIN = "These credentials do not match our records.";

/** The user whose password was right, waiting for their second factor. */
const pendingLoginOf = (request: FastifyRequest) => {
  const pendingId = request.session?.get<number>("login.id");
  return typeof pendingId === "number" ? pendingId : undefined;
};

/** Fortify redirects to the login form without one; an API answers 401, which sends the web tier there too. */
const pendingLogin = async (request: FastifyRequest) => {
  if (pendingLoginOf(request) === undefined) throw unauthenticated();
};

/** Register, login (with the two-factor challenge) and logout. */
export async function authSessionRoutes(app: FastifyInstance, { ctx }: { ctx: AccountContext }) {
  const registration = registrationForm(app.db);

  app.post(
    "/register",
    route({ body: registration, read: jsonBody }, async ({ body }, request, reply) => {
      const user = await registerUser(ctx, body);
      await startAuthenticatedSession(app, request, reply, user, false);
      return replyEmpty(reply, 201);
    }),
  );

  app.post(
    "/login",
    route(
      { guards: [throttle("login")], body: loginForm, read: jsonBody },
      async ({ body: input }, request, reply) => {
        const user = await findUserByCredentials(app.db, input.email, input.password);
        if (!user) {
          await logAccountEvent(request, "sign_in_failed", null, input.email);
          throw ValidationError.field("email", FAILED_LOGIN);
        }
        await clearThrottle(request, "login");
        if (hasTwoFactorEnabled(user)) {
          const session = sessionOf(request);
          session.put("login.id", user.id);
          session.put("login.remember", input.remember);
          return presentLoginResult(true);
        }
        await startAuthenticatedSession(app, request, reply, user, input.remember);
        if (user.role === "admin") await logAccountEvent(request, "signed_in", user);
        return presentLoginResult(false);
      },
    ),
  );

  app.post(
    "/two-factor-challenge",
    route(
      {
        guards: [throttle("two-factor"), pendingLogin],
        body: twoFactorChallengeForm,
        read: jsonBody,
      },
      async ({ body: input }, request, reply) => {
        const session = sessionOf(request);
        const user = await findUserById(app.db, pendingLoginOf(request)!);
        if (!user || !hasTwoFactorEnabled(user)) throw unauthenticated();
        const passed = await passTwoFactorChallenge(ctx, user, input).catch(async (error) => {
          await logAccountEvent(request, "sign_in_failed", user, user.email);
          throw error;
        });
        if (passed === "recovery_code") await logAccountEvent(request, "recovery_code_used", user);
        await startAuthenticatedSession(
          app,
          request,
          reply,
          user,
          session.get<boolean>("login.remember") === true,
        );
        if (user.role === "admin") await logAccountEvent(request, "signed_in", user);
        return reply.code(204).send();
      },
    ),
  );

  app.post(
    "/logout",
    route({ guards: [auth] }, async (_input, request, reply) => {
      const user = currentUser(request);
      if (user.remember_token) await forgetRememberTokens(app.db, user.id);
      clearRememberCookie(app, reply);
      sessionOf(request).invalidate();
      return reply.code(204).send();
    }),
  );
}
