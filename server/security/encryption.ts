import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";

/**
 * Secrets derived from APP_KEY: AES-256-GCM for values kept at rest (two-factor secrets and
 * recovery codes) and HMAC-SHA256 for signatures (signed URLs, remember cookies). Each use
 * gets its own sub-key through HKDF, so one purpose can never be turned against another.
 */
export type Keyring = {
  encrypt(plaintext: string): string;
  /** Throws when the payload was not made by `encrypt` with this key or has been altered. */
  decrypt(payload: string): string;
  /** Hex HMAC-SHA256 of `data` under the signing sub-key. */
  sign(data: string): string;
  verify(data: string, signature: string): boolean;
};

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The bytes of APP_KEY: Laravel's `base64:…` form is decoded, any other value is used as text. */
export function appKeyBytes(appKey: string): Buffer {
  return appKey.startsWith("base64:")
    ? Buffer.from(appKey.slice(7), "base64")
    : Buffer.from(appKey, "utf8");
}

const subKey = (key: Buffer, purpose: string) =>
  Buffer.from(hkdfSync("sha256", key, Buffer.alloc(0), `almoner:${purpose}`, 32));

export function createKeyring(appKey: string): Keyring {
  const master = appKeyBytes(appKey);
  const encryptionKey = subKey(master, "encryption");
  const signingKey = subKey(master, "signing");
  const sign = (data: string) => createHmac("sha256", signingKey).update(data).digest("hex");

  return {
    encrypt(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", encryptionKey, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64url")}`;
    },
    decrypt(payload) {
      const [version, body] = payload.split(":");
      if (version !== VERSION || !body) throw new Error("Unknown encrypted payload format");
      const bytes = Buffer.from(body, "base64url");
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error("Encrypted payload is too short");
      const decipher = createDecipheriv("aes-256-gcm", encryptionKey, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString("utf8");
    },
    sign,
    verify(data, signature) {
      return safeEqual(sign(data), signature);
    },
  };
}

const keyrings = new Map<string, Keyring>();

/** One keyring per APP_KEY, built on first use. */
export function keyringFor(appKey: string): Keyring {
  let keyring = keyrings.get(appKey);
  if (!keyring) {
    keyring = createKeyring(appKey);
    keyrings.set(appKey, keyring);
  }
  return keyring;
}

/** A token or key as it is stored: its SHA-256, in hex, so the stored form reveals nothing. */
export const sha256Hex = (text: string) => createHash("sha256").update(text).digest("hex");

/** Constant-time string comparison (false for different lengths). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
