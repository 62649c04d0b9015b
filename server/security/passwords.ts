import type { Algorithm } from "@node-rs/argon2";
import { hash, parseOptions, verify } from "@node-rs/argon2";
import bcrypt from "bcryptjs";

// Argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane). The const enum of
// @node-rs/argon2 cannot be read under isolatedModules, hence the literal.
const ARGON2ID = 2 as Algorithm;
const policy = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const bcryptHash = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;

export function isBcryptHash(stored: string): boolean {
  return bcryptHash.test(stored);
}

export async function hashPassword(plain: string): Promise<string> {
  return hash(plain, policy);
}

/** True when `plain` matches the stored hash: argon2 (ours) or bcrypt (imported from Laravel). */
export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  // bcryptjs reads `$2y$` (PHP's prefix) as `$2b$`: the algorithms are the same.
  if (isBcryptHash(stored)) return bcrypt.compare(plain, stored.replace(/^\$2y\$/, "$2b$"));
  if (!stored.startsWith("$argon2")) return false;
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

/** True when the stored hash should be replaced by a fresh hashPassword() after a successful sign-in. */
export function needsRehash(stored: string): boolean {
  if (isBcryptHash(stored)) return true;
  try {
    const options = parseOptions(stored);
    return (
      options.algorithm !== policy.algorithm ||
      options.memoryCost < policy.memoryCost ||
      options.timeCost < policy.timeCost ||
      options.parallelism !== policy.parallelism
    );
  } catch {
    return true;
  }
}
