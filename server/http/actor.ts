import type { FastifyRequest } from "fastify";
import type { Actor } from "../domain/activity.ts";

/** The signed-in user of a request as the trash, revisions and activity log name them. */
export function actorOf(request: FastifyRequest): Actor {
  const user = request.user;
  if (!user) return null;
  return { id: user.id, name: `${user.firstname} ${user.lastname}`.trim() || user.email };
}
