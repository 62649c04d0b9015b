import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  activityLink,
  activityPeople,
  keepActivityFor,
  listActivity,
  recordActivity,
  type ActivityRecord,
  type Actor,
} from "../domain/activity.ts";
import { presentActivityPage } from "../presenters/activity.ts";
import { actorFor, actorOf } from "./actor.ts";
import { admin } from "./guards.ts";
import { listQuery } from "./list-query.ts";
import { route } from "./route.ts";
import type { User } from "../types.ts";
import { line, z } from "./validation.ts";

/** A comma-separated list of names: `subject=gallery,gallery_image`. */
const names = line()
  .optional()
  .transform((value) =>
    (value ?? "")
      .split(",")
      .map((name) => name.trim())
      .filter((name) => name !== ""),
  );

const activityQuery = listQuery.extend({
  user_id: line()
    .regex(/^\d{1,9}$/, { message: "The user id field must be an integer." })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  subject: names,
  action: names,
});

/** An account security event of `user` (or of nobody known, for a failed sign-in). */
export function logAccountEvent(
  request: FastifyRequest,
  action: string,
  user: User | null | undefined,
  title = "",
): Promise<void> {
  return logActivity(
    request,
    action,
    { subject: "account", title, link: null },
    user ? actorFor(user) : null,
  );
}

/** The activity log: admins read it (record 030). */
export async function activityRoutes(app: FastifyInstance) {
  app.addHook("onReady", async () => {
    await keepActivityFor(app.db, app.config.activityDays);
  });

  app.get(
    "/api/activity",
    route({ guards: [admin], query: activityQuery }, async ({ query }) => {
      const { page, limit, q, user_id, subject, action } = query;
      const filter = {
        userId: user_id === undefined ? undefined : Number(user_id),
        subjects: subject,
        actions: action,
        search: q,
      };
      const { activity, total } = await listActivity(app.db, { page, limit }, filter);
      return presentActivityPage(activity, total, await activityPeople(app.db));
    }),
  );
}

/**
 * Records what the request's user (or `actor`) just did, from where; the link defaults to the
 * item's admin screen. Handlers call it after the change succeeded.
 */
export async function logActivity(
  request: FastifyRequest,
  action: string,
  item: Omit<ActivityRecord, "action" | "ipAddress"> = {},
  actor: Actor = actorOf(request),
): Promise<void> {
  const link =
    item.link !== undefined
      ? item.link
      : item.subject
        ? activityLink(item.subject, item.subjectId)
        : null;
  await recordActivity(request.server.db, actor, {
    ...item,
    action,
    link,
    ipAddress: request.ip,
  });
}
