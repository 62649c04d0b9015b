import type { FastifyInstance } from "fastify";
import { confirmPassword } from "../domain/account.ts";
import { deleteOwnAccount } from "../domain/account-closure.ts";
import { collectAccountData } from "../domain/account-export.ts";
import { presentAccountData } from "../presenters/account.ts";
import { presentUser } from "../presenters/user.ts";
import { clearRememberCookie } from "../security/remember.ts";
import { logAccountEvent } from "./activity.ts";
import { confirmPasswordForm } from "./auth-forms.ts";
import { sessionOf } from "./auth-fortify.ts";
import { auth, currentUser } from "./guards.ts";
import { clearThrottle, throttle } from "./throttles.ts";
import { jsonBody, route } from "./route.ts";

export const EXPORT_FILENAME = "almoner-my-data.json";

export async function userRoutes(app: FastifyInstance) {
  app.get(
    "/api/user",
    route({ guards: [auth] }, async (_input, request) => ({
      data: presentUser(currentUser(request)),
    })),
  );

  // Our extensions (record 037): a member downloads their data and deletes their account.
  app.get(
    "/api/user/export",
    route({ guards: [auth] }, async (_input, request, reply) => {
      const user = currentUser(request);
      const data = await collectAccountData(app.db, user);
      await logAccountEvent(request, "data_exported", user);
      return reply
        .header("Content-Disposition", `attachment; filename="${EXPORT_FILENAME}"`)
        .header("Cache-Control", "no-store")
        .send(presentAccountData(data, new Date()));
    }),
  );

  // The password check shares confirm-password's count of guesses, as every check of it does.
  app.delete(
    "/api/user",
    route(
      { guards: [auth, throttle("confirm-password")], body: confirmPasswordForm, read: jsonBody },
      async ({ body: { password } }, request, reply) => {
        const user = currentUser(request);
        await confirmPassword(user, password);
        await clearThrottle(request, "confirm-password");
        await deleteOwnAccount({ db: app.db, dialect: app.dialect }, user);
        await logAccountEvent(request, "account_deleted", user);
        clearRememberCookie(app, reply);
        sessionOf(request).invalidate();
        return reply.code(204).send();
      },
    ),
  );
}
