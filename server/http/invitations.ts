import type { FastifyInstance } from "fastify";
import { acceptInvitation, type InvitationContext, PASSWORD_SET } from "../domain/invitations.ts";
import { presentMessage } from "../presenters/account.ts";
import { logAccountEvent } from "./activity.ts";
import { resetPasswordForm } from "./auth-forms.ts";
import { jsonBody, route } from "./route.ts";

/** What invitations need of the app. */
export function invitationContextOf(app: FastifyInstance): InvitationContext {
  return {
    db: app.db,
    mailer: app.mailer,
    appUrl: app.config.appUrl,
    invitationDays: app.config.invitationDays,
  };
}

/**
 * `POST /set-password {token, email, password, password_confirmation}` (our extension, record
 * 036): the invited user's first password, shaped like Fortify's reset. 200 with a message; 422
 * under `email` for a link that is unknown, spent or expired.
 */
export async function invitationRoutes(app: FastifyInstance) {
  app.post(
    "/set-password",
    route({ body: resetPasswordForm, read: jsonBody }, async ({ body }, request) => {
      const user = await acceptInvitation(app.db, body);
      await logAccountEvent(request, "invitation_accepted", user);
      // Setting the password ended every session of the user; this one too, if it was theirs.
      if (request.session?.userId === user.id) request.session.invalidate();
      return presentMessage(PASSWORD_SET);
    }),
  );
}
