import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AccountContext } from "../domain/account.ts";
import { sendVerificationLink, verifyEmail } from "../domain/email-verification.ts";
import { HttpError } from "../errors.ts";
import { presentMessage } from "../presenters/account.ts";
import { hasValidSignature } from "../security/signed-urls.ts";
import { auth, currentUser } from "./guards.ts";
import { route } from "./route.ts";
import { throttle } from "./throttles.ts";
import { segment, z } from "./validation.ts";

const invalidSignature = () => new HttpError(403, "Invalid signature.");

/** Email verification: the signed link from the mail (forwarded by the web tier) and resending it. */
export async function authEmailRoutes(app: FastifyInstance, { ctx }: { ctx: AccountContext }) {
  /** Laravel's `signed` middleware: the link's signature covers its path and query. */
  const signed = async (request: FastifyRequest) => {
    if (!hasValidSignature(ctx.keyring, request.url)) throw invalidSignature();
  };

  app.get(
    "/email/verify/:id/:hash",
    route(
      {
        guards: [auth, signed, throttle("verify-email")],
        params: z.object({ id: segment(), hash: segment() }),
      },
      async ({ params }, request, reply) => {
        await verifyEmail(app.db, currentUser(request), params);
        return reply.code(204).send();
      },
    ),
  );

  app.post(
    "/email/verification-notification",
    route(
      { guards: [auth, throttle("verification-notification")] },
      async (_input, request, reply) => {
        const user = currentUser(request);
        if (user.email_verified_at) return reply.code(204).send();
        sendVerificationLink(ctx, user);
        return reply.code(202).send(presentMessage("verification-link-sent"));
      },
    ),
  );
}
