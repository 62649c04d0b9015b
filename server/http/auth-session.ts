import type { FastifyInstance } from "fastify";
import type { AccountContext } from "../domain/account.ts";
import { findUserByCredentials, hasTwoFactorEnabled, registerUser } from "../domain/account.ts";
import { passTwoFactorChallenge } from "../domain/two-factor.ts";
import { findUserById, normalizeEmail } from "../domain/users.ts";
import { unauthenticated, ValidationError } from "../errors.ts";
import { presentLoginResult } from "../presenters/account.ts";
import { clearRememberCookie, forgetRememberTokens } from "../security/remember.ts";
import { consumeAttempt, createThrottle, ensureNotThrottled } from "../security/throttle.ts";
import { loginForm, registrationForm, twoFactorChallengeForm } from "./auth-forms.ts";
import { parseForm } from "./validation.ts";
import { replyEmpty, sessionOf, startAuthenticatedSession } from "./auth-fortify.ts";
import { auth, currentUser } from "./guards.ts";

const FAILED_LOGIN = "These credentials do not match our records.";

/** Register, login (with the two-factor challenge) and logout. */
export async function authSessionRoutes(app: FastifyInstance, { ctx }: { ctx: AccountContext }) {
  /** Failed logins per email + IP; a success clears the count (Laravel's LoginRateLimiter). */
  const loginThrottle = createThrottle({ maxAttempts: 5, decaySeconds: 60 });
  /** Challenge attempts per pending login (Fortify's `two-factor` limiter). */
  const challengeThrottle = createThrottle({ maxAttempts: 5, decaySeconds: 60 });
  const registration = registrationForm(app.db);

  app.post("/register", async (request, reply) => {
    const input = await parseForm(registration, request.body);
    const user = await registerUser(ctx, input);
    await startAuthenticatedSession(app, request, reply, user, false);
    return replyEmpty(reply, 201);
  });

  app.post("/login", async (request, reply) => {
    const input = await parseForm(loginForm, request.body);
    const key = `${normalizeEmail(input.email)}|${request.ip}`;
    ensureNotThrottled(loginThrottle, key);
    const user = await findUserByCredentials(app.db, input.email, input.password);
    if (!user) {
      loginThrottle.hit(key);
      throw ValidationError.field("email", FAILED_LOGIN);
    }
    loginThrottle.clear(key);
    if (hasTwoFactorEnabled(user)) {
      const session = sessionOf(request);
      session.put("login.id", user.id);
      session.put("login.remember", input.remember);
      return presentLoginResult(true);
    }
    await startAuthenticatedSession(app, request, reply, user, input.remember);
    return presentLoginResult(false);
  });

  app.post("/two-factor-challenge", async (request, reply) => {
    const session = sessionOf(request);
    const pendingId = session.get<number>("login.id");
    // Fortify redirects to the login form here; an API answers 401, which sends the web tier there too.
    if (typeof pendingId !== "number") throw unauthenticated();
    consumeAttempt(challengeThrottle, String(pendingId));
    const input = await parseForm(twoFactorChallengeForm, request.body);
    const user = await findUserById(app.db, pendingId);
    if (!user || !hasTwoFactorEnabled(user)) throw unauthenticated();
    await passTwoFactorChallenge(ctx, user, input);
    await startAuthenticatedSession(
      app,
      request,
      reply,
      user,
      session.get<boolean>("login.remember") === true,
    );
    return reply.code(204).send();
  });

  app.post("/logout", { preHandler: auth }, async (request, reply) => {
    const user = currentUser(request);
    if (user.remember_token) await forgetRememberTokens(app.db, user.id);
    clearRememberCookie(app, reply);
    sessionOf(request).invalidate();
    return reply.code(204).send();
  });
}
