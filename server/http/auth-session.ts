import type { FastifyInstance } from "fastify";
import type { AccountContext } from "../domain/account.ts";
import { findUserByCredentials, hasTwoFactorEnabled, registerUser } from "../domain/account.ts";
import { passTwoFactorChallenge } from "../domain/two-factor.ts";
import { findUserById } from "../domain/users.ts";
import { unauthenticated, ValidationError } from "../errors.ts";
import { presentLoginResult } from "../presenters/account.ts";
import { clearRememberCookie, forgetRememberTokens } from "../security/remember.ts";
import { loginForm, registrationForm, twoFactorChallengeForm } from "./auth-forms.ts";
import { parseForm } from "./validation.ts";
import { replyEmpty, sessionOf, startAuthenticatedSession } from "./auth-fortify.ts";
import { auth, currentUser } from "./guards.ts";
import { clearThrottle, throttle } from "./throttles.ts";
import { logAccountEvent } from "./activity.ts";

const FAILED_LOGIN = "These credentials do not match our records.";

/** Register, login (with the two-factor challenge) and logout. */
export async function authSessionRoutes(app: FastifyInstance, { ctx }: { ctx: AccountContext }) {
  const registration = registrationForm(app.db);

  app.post("/register", async (request, reply) => {
    const input = await parseForm(registration, request.body);
    const user = await registerUser(ctx, input);
    await startAuthenticatedSession(app, request, reply, user, false);
    return replyEmpty(reply, 201);
  });

  app.post("/login", { preHandler: throttle("login") }, async (request, reply) => {
    const input = await parseForm(loginForm, request.body);
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
  });

  app.post(
    "/two-factor-challenge",
    { preHandler: throttle("two-factor") },
    async (request, reply) => {
      const session = sessionOf(request);
      const pendingId = session.get<number>("login.id");
      // Fortify redirects to the login form here; an API answers 401, which sends the web tier there too.
      if (typeof pendingId !== "number") throw unauthenticated();
      const input = await parseForm(twoFactorChallengeForm, request.body);
      const user = await findUserById(app.db, pendingId);
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
  );

  app.post("/logout", { preHandler: auth }, async (request, reply) => {
    const user = currentUser(request);
    if (user.remember_token) await forgetRememberTokens(app.db, user.id);
    clearRememberCookie(app, reply);
    sessionOf(request).invalidate();
    return reply.code(204).send();
  });
}
