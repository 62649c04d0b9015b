import { hash } from "@node-rs/argon2";
import { describe, expect, it } from "vitest";
import {
  hashPassword,
  isBcryptHash,
  needsRehash,
  verifyPassword,
} from "../../server/security/passwords.ts";

// The hash of "password" that Laravel's default UserFactory has shipped for years.
const laravelBcryptHash = "$2y$10$92IXUNpkjO0rOQ5byMi.Ye4oKoEa3Ro9llC/.og/at2.uheWG/igi";

describe("passwords", () => {
  it("hashes with argon2id at the current parameters and verifies the right password only", async () => {
    const stored = await hashPassword("correct horse battery staple");

    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, "correct horse battery staple")).toBe(true);
    expect(await verifyPassword(stored, "correct horse battery stapler")).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("asks to rehash argon2 hashes made with weaker parameters", async () => {
    const weaker = await hash("secret", { memoryCost: 4096, timeCost: 1, parallelism: 1 });

    expect(await verifyPassword(weaker, "secret")).toBe(true);
    expect(needsRehash(weaker)).toBe(true);
  });

  it("recognises bcrypt hashes imported from Laravel and asks to rehash them", () => {
    for (const prefix of ["$2y$", "$2b$", "$2a$"]) {
      const imported = laravelBcryptHash.replace("$2y$", prefix);
      expect(isBcryptHash(imported)).toBe(true);
      expect(needsRehash(imported)).toBe(true);
    }
  });

  it("verifies bcrypt hashes imported from Laravel", async () => {
    expect(await verifyPassword(laravelBcryptHash, "password")).toBe(true);
    expect(await verifyPassword(laravelBcryptHash, "wrong")).toBe(false);
  });

  it("refuses malformed or empty hashes", async () => {
    for (const stored of ["", "plain-text", "$argon2id$v=19$garbage", "$2y$10$short"]) {
      expect(await verifyPassword(stored, "plain-text")).toBe(false);
      expect(needsRehash(stored)).toBe(true);
    }
  });
});
