// npm run user:two-factor-off -- --email E
// For someone who lost their authenticator and their recovery codes when no admin can turn it off
// on their screen: the only admin, say (record 063). They are mailed, as from the screen.
import { parseArgs } from "node:util";
import { loadConfigOrExit } from "../server/config.ts";
import { migrateToLatest, openDatabase } from "../server/db/database.ts";
import { activityLink, OPERATOR, recordActivity, userLine } from "../server/domain/activity.ts";
import { turnOffTwoFactorFor } from "../server/domain/two-factor.ts";
import { findUserByEmail } from "../server/domain/users.ts";
import { createMailer, type MailLog } from "../server/mail/mailer.ts";

const usage = "usage: npm run user:two-factor-off -- --email E";

function fail(message: string): never {
  console.error(`user:two-factor-off: ${message}`);
  process.exit(1);
}

function readEmail(): string {
  try {
    const { values } = parseArgs({
      options: { email: { type: "string" } },
      strict: true,
      allowPositionals: false,
    });
    if (!values.email?.trim()) fail(`--email is required (${usage})`);
    return values.email.trim();
  } catch (error) {
    fail(`${(error as Error).message.split("\n")[0]} (${usage})`);
  }
}

/** The mailer's log as one line each: where the mail went, or why it did not. */
const mailLog: MailLog = {
  info: (details: { to?: string; file?: string }, message?: string) =>
    console.log(`${message}${details.file ? `: ${details.file}` : ""}`),
  error: (details: { err?: unknown }, message?: string) =>
    console.error(`${message}: ${String((details.err as Error | undefined)?.message ?? "")}`),
};

const email = readEmail();
const config = loadConfigOrExit();
const database = openDatabase(config);
const mailer = createMailer({ config, db: database.db, log: mailLog });
try {
  await migrateToLatest(database);
  const user = await findUserByEmail(database.db, email);
  if (!user) {
    console.error(`user:two-factor-off: no user has the email address ${email}.`);
    process.exitCode = 1;
  } else if (
    !(await turnOffTwoFactorFor({ db: database.db, mailer, appUrl: config.appUrl }, user))
  ) {
    console.log(`Two-factor sign-in was already off for ${user.email}.`);
  } else {
    await recordActivity(database.db, OPERATOR, {
      action: "two_factor_turned_off",
      ...userLine(user),
      link: activityLink("user", user.id),
    });
    console.log(
      `Turned off two-factor sign-in for ${user.email}; they log in with their password.`,
    );
  }
} finally {
  await mailer.close();
  await database.db.destroy();
}
