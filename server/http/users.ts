import type { FastifyInstance } from "fastify";
import type { DB } from "../db/database.ts";
import { createUser, findUserById, listUsers, updateUserAsAdmin } from "../domain/users.ts";
import { turnOffTwoFactorFor } from "../domain/two-factor.ts";
import { inviteAgain, invitationsOf, inviteUser } from "../domain/invitations.ts";
import { notFound } from "../errors.ts";
import { presentAdminUser, presentAdminUserPage } from "../presenters/user.ts";
import { userLine } from "../domain/activity.ts";
import { actorOf } from "./actor.ts";
import { boolean, confirmed, newPassword, uniqueEmail } from "./auth-forms.ts";
import { logActivity } from "./activity.ts";
import { invitationContextOf } from "./invitations.ts";
import { admin, currentUser, passwordConfirmed } from "./guards.ts";
import { listQuery } from "./list-query.ts";
import { idParams } from "./path-key.ts";
import { route } from "./route.ts";
import { answerTrashed, trashContextOf, trashWho } from "./trash.ts";
import { trashUser } from "../domain/trash.ts";
import { line, z } from "./validation.ts";

const personName = line().min(1).max(255);
const role = z.enum(["user", "admin"]);

/** Record 036: `send_invitation` true adds the user without a password and mails them a link. */
const userCreateForm = (db: DB) =>
  confirmed(
    z.object({
      send_invitation: boolean.pipe(z.literal(false)),
      firstname: personName,
      lastname: personName,
      email: uniqueEmail(db),
      role,
      password: newPassword,
      password_confirmation: z.unknown().optional(),
    }),
    "password",
  );

const userInviteForm = (db: DB) =>
  z.object({
    send_invitation: boolean.pipe(z.literal(true)),
    firstname: personName,
    lastname: personName,
    email: uniqueEmail(db),
    role,
  });

/** Every field is optional; an empty password (the form's field left blank) keeps the old one. */
const userUpdateForm = (db: DB, id: number) =>
  confirmed(
    z.object({
      firstname: personName.optional(),
      lastname: personName.optional(),
      email: uniqueEmail(db, id).optional(),
      role: role.optional(),
      password: z.preprocess(
        (value) => (value === "" || value === null ? undefined : value),
        newPassword.optional(),
      ),
      password_confirmation: z.unknown().optional(),
    }),
    "password",
  );

/** DESIGN §5 "Users (admin)": every call needs a verified admin. */
export async function userAdminRoutes(app: FastifyInstance) {
  const database = { db: app.db, dialect: app.dialect };
  const guards = [admin];
  const createForm = userCreateForm(app.db);
  const inviteForm = userInviteForm(app.db);

  app.get(
    "/api/users",
    route({ guards, query: listQuery }, async ({ query }) => {
      const { users, total } = await listUsers(app.db, query);
      const invitations = await invitationsOf(
        app.db,
        users.map((user) => user.id),
      );
      return presentAdminUserPage(users, total, invitations);
    }),
  );

  app.post(
    "/api/users",
    route(
      {
        guards,
        body: (fields) => (boolean.parse(fields.send_invitation) ? inviteForm : createForm),
      },
      async ({ body }, request, reply) => {
        if (body.send_invitation) {
          const invited = await inviteUser(invitationContextOf(app), actorOf(request), body);
          await logActivity(request, "invited", userLine(invited.user));
          return reply.code(201).send(presentAdminUser(invited.user, invited.invitation));
        }
        // An admin vouches for the address: the account can sign in at once.
        const user = await createUser(app.db, { ...body, verified: true });
        await logActivity(request, "created", userLine(user));
        return reply.code(201).send(presentAdminUser(user, undefined));
      },
    ),
  );

  app.get(
    "/api/users/:id",
    route({ guards, params: idParams }, async ({ params: { id } }) => {
      const user = await findUserById(app.db, id);
      if (!user) throw notFound();
      return presentAdminUser(user, (await invitationsOf(app.db, [user.id])).get(user.id));
    }),
  );

  app.patch(
    "/api/users/:id",
    route(
      {
        guards,
        params: idParams,
        body: (_fields, { params }) => userUpdateForm(app.db, params.id),
      },
      async ({ params: { id }, body }, request) => {
        const { password_confirmation: _confirmation, ...changes } = body;
        const actor = { id: currentUser(request).id, sessionId: request.session?.id };
        const before = await findUserById(app.db, id);
        const user = await updateUserAsAdmin(database, actor, id, changes);
        if (!user) throw notFound();
        await logActivity(request, "saved", userLine(user));
        if (before && before.role !== user.role)
          await logActivity(request, "role_changed", userLine(user));
        return presentAdminUser(user, (await invitationsOf(app.db, [user.id])).get(user.id));
      },
    ),
  );

  // Record 036: a new link for a user who has not set a password yet; 422 once they have.
  app.post(
    "/api/users/:id/invitation",
    route({ guards, params: idParams }, async ({ params: { id } }, request, reply) => {
      const invited = await inviteAgain(invitationContextOf(app), actorOf(request), id);
      if (!invited) throw notFound();
      await logActivity(request, "invited", userLine(invited.user));
      return reply.code(201).send(presentAdminUser(invited.user, invited.invitation));
    }),
  );

  // Record 063: for a member who lost their authenticator and recovery codes. Asks for a recent
  // password confirmation (423), as Fortify does before its own two-factor changes.
  app.delete(
    "/api/users/:id/two-factor-authentication",
    route(
      { guards: [admin, passwordConfirmed], params: idParams },
      async ({ params: { id } }, request) => {
        const user = await findUserById(app.db, id);
        if (!user) throw notFound();
        const context = { db: app.db, mailer: app.mailer, appUrl: app.config.appUrl };
        if (await turnOffTwoFactorFor(context, user)) {
          await logActivity(request, "two_factor_turned_off", userLine(user));
        }
        const now = (await findUserById(app.db, id)) ?? user;
        return presentAdminUser(now, (await invitationsOf(app.db, [id])).get(id));
      },
    ),
  );

  // To the trash (record 055): 204 with X-Trash-Id, and the activity line says so.
  app.delete(
    "/api/users/:id",
    route({ guards, params: idParams }, async ({ params: { id } }, request, reply) =>
      answerTrashed(
        app,
        reply,
        await trashUser(trashContextOf(app), trashWho(request), app.dialect, id),
      ),
    ),
  );
}
