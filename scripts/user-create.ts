// npm run user:create -- --email E --password P [--role admin|user] [--firstname F] [--lastname L] [--verified]
import { parseArgs } from "node:util";
import { z } from "zod";
import { loadConfigOrExit } from "../server/config.ts";
import { migrateToLatest, openDatabase } from "../server/db/database.ts";
import { createUser } from "../server/domain/users.ts";
import { ValidationError } from "../server/errors.ts";

const usage =
  "usage: npm run user:create -- --email E --password P [--role admin|user] [--firstname F] [--lastname L] [--verified]";

const inputSchema = z.object({
  email: z.email("--email must be an email address"),
  password: z.string("--password is required").min(8, "--password must be at least 8 characters"),
  role: z.enum(["admin", "user"], "--role must be admin or user").default("user"),
  firstname: z.string().trim().max(255).optional(),
  lastname: z.string().trim().max(255).default(""),
  verified: z.boolean().default(false),
});

function fail(message: string): never {
  console.error(`user:create: ${message}`);
  process.exit(1);
}

function readInput() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: "string" },
        password: { type: "string" },
        role: { type: "string" },
        firstname: { type: "string" },
        lastname: { type: "string" },
        verified: { type: "boolean" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail(`${(error as Error).message.split("\n")[0]} (${usage})`);
  }
  if (values.email === undefined) fail(`--email is required (${usage})`);
  const parsed = inputSchema.safeParse({ ...values, email: values.email.trim() });
  if (!parsed.success) fail(parsed.error.issues[0]!.message);
  return parsed.data;
}

const input = readInput();
const config = loadConfigOrExit();
const database = openDatabase(config);
try {
  await migrateToLatest(database);
  const user = await createUser(database.db, {
    ...input,
    firstname: input.firstname || input.email.split("@")[0]!,
  });
  const verified = user.email_verified_at ? "verified" : "not verified";
  console.log(`Created ${user.role} ${user.email} (id ${user.id}, ${verified}).`);
} catch (error) {
  if (!(error instanceof ValidationError)) throw error;
  console.error(`user:create: ${error.message}`);
  process.exitCode = 1;
} finally {
  await database.db.destroy();
}
