import type { FastifyRequest } from "fastify";
import type { Actor } from "../domain/activity.ts";
import type { User } from "../types.ts";

/** The signed-in user of a request as the trash, revisions and activity log name them. */
export function actorOf(request: FastifyRequest): Actor {
  return request.user ? actorFor(request.user) : null;
}

/** A user as the trash, revisions and activity log name them. */
export function actorFor(user: User): Actor {
  return { id: user.id, name: `${user.firstname} ${user.lastname}`.trim() || user.email };
}
