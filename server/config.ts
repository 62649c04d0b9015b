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
  TRASH_DAYS: z.coerce.number().int().min(1).default(30),
  REVISIONS_KEEP: z.coerce.number().int().min(1).default(50),
  ACTIVITY_DAYS: z.coerce.number().int().min(1).default(365),
  INVITATION_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOG_FORMAT: z.enum(["pretty", "json"]).default("json"),
  METRICS_TOKEN: z.string().min(16).optional(),
  STORAGE_URL: z
    .string()
    .transform((value, ctx) => {
      const parsed = parseStorageUrl(value);
      if (typeof parsed === "string") {
        ctx.addIssue({ code: "custom", message: parsed });
        return z.NEVER;
      }
      return parsed;
    })
    .optional(),
});

/** Uploads in S3-compatible object storage (STORAGE_URL=s3://…); see docs/decisions/019. */
export type S3StorageConfig = {
  driver: "s3";
  bucket: string;
  /** Unset: AWS S3 itself. */
  endpoint: string | undefined;
  region: string;
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, profiles, roles). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
};

export type StorageConfig = { driver: "local" } | S3StorageConfig;

const STORAGE_URL_PARAMETERS = new Set(["endpoint", "region", "path_style"]);
const bucketName = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * `s3://[key:secret@]bucket[?endpoint=http(s)://…][&region=…][&path_style=0|1]`: the parsed
 * storage (region left to AWS_REGION when absent), or why the value is wrong.
 */
function parseStorageUrl(
  value: string,
): (Omit<S3StorageConfig, "region"> & { region: string | undefined }) | string {
  let storage: URL;
  try {
    storage = new URL(value);
  } catch {
    return "must be an s3://bucket URL";
  }
  if (storage.protocol !== "s3:") return "must start with s3://";
  if (!storage.hostname) return "names no bucket (s3://bucket?…)";
  if (!bucketName.test(storage.hostname) || storage.port) return "is not a valid bucket name";
  if (storage.pathname !== "" && storage.pathname !== "/")
    return "takes no path: the bucket is the host";
  if (Boolean(storage.username) !== Boolean(storage.password))
    return "needs both the access key and the secret (s3://key:secret@bucket)";
  for (const name of storage.searchParams.keys()) {
    if (!STORAGE_URL_PARAMETERS.has(name)) return `has an unknown parameter "${name}"`;
  }
  const params = storage.searchParams;
  const endpoint = params.get("endpoint") ?? undefined;
  if (endpoint !== undefined && !url.safeParse(endpoint).success)
    return "endpoint must be an http(s) URL";
  const region = params.get("region") ?? undefined;
  if (region !== undefined && !/^[a-z0-9-]+$/.test(region)) return "region is not valid";
  const pathStyle = params.get("path_style");
  if (pathStyle !== null && pathStyle !== "0" && pathStyle !== "1")
    return "path_style must be 0 or 1";
  let credentials: S3StorageConfig["credentials"];
  try {
    credentials = storage.username
      ? {
          accessKeyId: decodeURIComponent(storage.username),
          secretAccessKey: decodeURIComponent(storage.password),
        }
      : undefined;
  } catch {
    return "has credentials that are not valid percent-encoding";
  }
  return {
    driver: "s3",
    bucket: storage.hostname,
    endpoint,
    region,
    // MinIO, s3rver and most S3-compatible servers answer on one host: address buckets by path there.
    forcePathStyle: pathStyle === null ? endpoint !== undefined : pathStyle === "1",
    credentials,
  };
}

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
  /** One readable line per request (`npm start`), or JSON lines with request ids (record 046). */
  logFormat: "pretty" | "json";
  /** GET /metrics answers only with it as a bearer token; without it, 404. */
  metricsToken: string | undefined;
  storage: StorageConfig;
  /** Days a deleted item stays in the trash before it is purged. */
  trashDays: number;
  /** Revisions kept per item (more when younger than a week). */
  revisionsKeep: number;
  /** Days the activity log keeps an entry. */
  activityDays: number;
  /** Days an invitation's set-your-password link works (record 036). */
  invitationDays: number;
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
      `Invalid environment variable ${name}=${JSON.stringify(withoutPassword(env[name]))}: ${issue.message}`,
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
    logFormat: e.LOG_FORMAT,
    metricsToken: e.METRICS_TOKEN,
    storage: e.STORAGE_URL
      ? { ...e.STORAGE_URL, region: e.STORAGE_URL.region ?? present.AWS_REGION ?? "us-east-1" }
      : { driver: "local" },
    trashDays: e.TRASH_DAYS,
    revisionsKeep: e.REVISIONS_KEEP,
    activityDays: e.ACTIVITY_DAYS,
    invitationDays: e.INVITATION_DAYS,
  };
}

/** A URL's password (STORAGE_URL's secret, DATABASE_URL's password) never reaches the logs. */
function withoutPassword(value: string | undefined): string | undefined {
  if (!value) return value;
  try {
    const url = new URL(value);
    if (!url.password) return value;
    url.password = "***";
    return url.toString();
  } catch {
    return value;
  }
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
