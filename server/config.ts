import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const port = z.coerce.number().int().min(0).max(65535);
const flag = z.enum(["0", "1", "true", "false"]).transform((v) => v === "1" || v === "true");
const url = z.url({ protocol: /^https?$/ });
const commaList = z.string().transform((v) =>
  v
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean),
);

const envSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  API_PORT: port.default(8000),
  API_URL: url.optional(),
  APP_URL: url.optional(),
  DATA_DIR: z.string().min(1).default("./storage"),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  APP_KEY: z.string().min(16).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  CONTACT_TO: z.email().optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  SEED_DEMO: flag.default(false),
  TRUSTED_PROXIES: commaList.default(["127.0.0.1", "::1", "::ffff:127.0.0.1"]),
  STATEFUL_ORIGINS: commaList.default([]),
  IMAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 * 1024),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Config = {
  port: number;
  host: string;
  apiPort: number;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Throttles count here when set, else in the database. */
  redisUrl: string | undefined;
  appKey: string;
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  contactTo: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  seedDemo: boolean;
  trustedProxies: string[];
  statefulOrigins: string[];
  imageMaxBytes: number;
  logLevel: string;
};

export class ConfigError extends Error {}

/** Reads the environment into a typed config. A bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    throw new ConfigError(
      `Invalid environment variable ${name}=${JSON.stringify(env[name])}: ${issue.message}`,
    );
  }
  const e = parsed.data;
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    port: e.PORT,
    host: e.HOST,
    apiPort: e.API_PORT,
    appUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    appKey: e.APP_KEY ?? readOrCreateAppKey(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactTo: e.CONTACT_TO,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.SEED_DEMO,
    trustedProxies: e.TRUSTED_PROXIES,
    statefulOrigins: [new URL(appUrl).origin, ...e.STATEFUL_ORIGINS.map((o) => new URL(o).origin)],
    imageMaxBytes: e.IMAGE_MAX_BYTES,
    logLevel: e.LOG_LEVEL,
  };
}

function readOrCreateAppKey(dataDir: string): string {
  const file = path.join(dataDir, "app-key");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const key = `base64:${randomBytes(32).toString("base64")}`;
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}

/** Loads the config or ends the process with one line naming the bad variable. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
