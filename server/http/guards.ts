import type { FastifyRequest } from "fastify";
import {
  passwordConfirmationRequired,
  unauthenticated,
  unauthorized,
  unverified,
} from "../errors.ts";
import type { User } from "../types.ts";

/** How long a password confirmation lasts (Laravel's auth.password_timeout). */
export const PASSWORD_TIMEOUT_SECONDS = 10800;

/** Guards named after Laravel's middleware; each is a Fastify preHandler that throws. */
export async function auth(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthenticated();
}

export async function verified(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthenticated();
  if (!request.user.email_verified_at) throw unverified();
}

export async function admin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthenticated();
  if (!request.user.email_verified_at) throw unverified();
  if (request.user.role !== "admin") throw unauthorized();
}

export function passwordConfirmedRecently(request: FastifyRequest): boolean {
  const confirmedAt = request.session?.get<number>("auth.password_confirmed_at") ?? 0;
  return Date.now() / 1000 - confirmedAt < PASSWORD_TIMEOUT_SECONDS;
}

export async function passwordConfirmed(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthenticated();
  if (!passwordConfirmedRecently(request)) throw passwordConfirmationRequired();
}

/** The signed-in user, for handlers behind `auth`. */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw unauthenticated();
  return request.user;
}
