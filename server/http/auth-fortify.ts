import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "../errors.ts";
import { keyringFor } from "../security/encryption.ts";
import { issueRememberToken, setRememberCookie } from "../security/remember.ts";
import type { Session } from "../security/sessions.ts";
import type { User } from "../types.ts";

/** Fortify answers most account calls with an empty JSON string (`new JsonResponse('', status)`). */
export function replyEmpty(reply: FastifyReply, status: number) {
  return reply.code(status).type("application/json; charset=utf-8").send('""');
}

/** The session of a call outside /api (always stateful, so always present). */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new HttpError(500, "Server Error");
  return request.session;
}

/**
 * Signs the user in the way Laravel's guard + Fortify do: a new session id and CSRF token (so
 * a fixated id is worthless), no leftover pending login or password confirmation, and a
 * remember cookie when asked for.
 */
export async function startAuthenticatedSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: User,
  remember: boolean,
): Promise<void> {
  const session = sessionOf(request);
  session.forget("login.id");
  session.forget("login.remember");
  session.forget("auth.password_confirmed_at");
  session.regenerate();
  session.regenerateToken();
  session.setUser(user.id);
  request.user = user;
  if (remember)
    setRememberCookie(
      app,
      reply,
      await issueRememberToken(app.db, keyringFor(app.config.appKey), user),
    );
}
