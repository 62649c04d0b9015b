import type { FastifyRequest } from "fastify";
import { normalizeEmail } from "../domain/users.ts";
import type { Limit } from "../security/throttle.ts";

type Throttle = Limit & {
  /** Whose attempts count together; undefined when the request names nobody (it fails anyway). */
  key(request: FastifyRequest): string | undefined;
};

const byIp = (request: FastifyRequest) => request.ip;
const byUser = (request: FastifyRequest) => (request.user ? String(request.user.id) : undefined);

function byEmail(request: FastifyRequest): string | undefined {
  const email = (request.body as { email?: unknown } | null | undefined)?.email;
  return typeof email === "string" && email.trim() ? normalizeEmail(email) : undefined;
}

/** The limits, as Laravel's `RateLimiter::for(name)`; routes name them with `throttle(name)`. */
export const THROTTLES = {
  /** Per email + IP (Fortify's login limiter); a successful login clears it. */
  login: {
    attempts: 5,
    decaySeconds: 60,
    key: (request) => {
      const email = byEmail(request);
      return email && `${email}|${request.ip}`;
    },
  },
  /** Per pending login (Fortify's `two-factor` limiter); a new login does not reset it. */
  "two-factor": {
    attempts: 5,
    decaySeconds: 60,
    key: (request) => {
      const pendingId = request.session?.get<number>("login.id");
      return typeof pendingId === "number" ? String(pendingId) : undefined;
    },
  },
  "forgot-password": { attempts: 10, decaySeconds: 60, key: byIp },
  "forgot-password-email": { attempts: 3, decaySeconds: 60, key: byEmail },
  /**
   * Per user, every check of the member's own password (confirming it, a new password, a new
   * email): a stolen session must not become a password oracle. A right password clears it.
   */
  "confirm-password": { attempts: 5, decaySeconds: 60, key: byUser },
  "verify-email": { attempts: 6, decaySeconds: 60, key: byUser },
  "verification-notification": { attempts: 6, decaySeconds: 60, key: byUser },
  /** Laravel's `throttle:5,10`: every message counts, valid or not. */
  contact: { attempts: 5, decaySeconds: 10 * 60, key: byIp },
} satisfies Record<string, Throttle>;

export type ThrottleName = keyof typeof THROTTLES;

/**
 * Laravel's `throttle:` middleware as a preHandler: counts the attempt before the handler runs
 * (so a burst cannot outrun it) and answers 429 "Too Many Attempts." with Retry-After past the limit.
 */
export function throttle(name: ThrottleName) {
  return async function throttled(request: FastifyRequest): Promise<void> {
    const key = THROTTLES[name].key(request);
    if (key !== undefined) await request.server.throttles.hit(name, key);
  };
}

/** Forgets the request's attempts after a success (Fortify's LoginRateLimiter::clear). */
export async function clearThrottle(request: FastifyRequest, name: ThrottleName): Promise<void> {
  const key = THROTTLES[name].key(request);
  if (key !== undefined) await request.server.throttles.clear(name, key);
}
