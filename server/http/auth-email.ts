import type { FastifyInstance } from "fastify";
import type { AccountContext } from "../domain/account.ts";
import { sendVerificationLink, verifyEmail } from "../domain/email-verification.ts";
import { HttpError } from "../errors.ts";
import { presentMessage } from "../presenters/account.ts";
import { hasValidSignature } from "../security/signed-urls.ts";
import { consumeAttempt, createThrottle } from "../security/throttle.ts";
import { auth, currentUser } from "./guards.ts";

const invalidSignature = () => new HttpError(403, "Invalid signature.");

/** Email verification: the signed link from the mail (forwarded by the web tier) and resending it. */
export async function authEmailRoutes(app: FastifyInstance, { ctx }: { ctx: AccountContext }) {
  const verifyThrottle = createThrottle({ maxAttempts: 6, decaySeconds: 60 });
  const resendThrottle = createThrottle({ maxAttempts: 6, decaySeconds: 60 });

  app.get<{ Params: { id: string; hash: string } }>(
    "/email/verify/:id/:hash",
    { preHandler: auth },
    async (request, reply) => {
      const user = currentUser(request);
      if (!hasValidSignature(ctx.keyring, request.url)) throw invalidSignature();
      consumeAttempt(verifyThrottle, String(user.id));
      await verifyEmail(app.db, user, request.params);
      return reply.code(204).send();
    },
  );

  app.post("/email/verification-notification", { preHandler: auth }, async (request, reply) => {
    const user = currentUser(request);
    consumeAttempt(resendThrottle, String(user.id));
    if (user.email_verified_at) return reply.code(204).send();
    sendVerificationLink(ctx, user);
    return reply.code(202).send(presentMessage("verification-link-sent"));
  });
}
