import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import Fastify from "fastify";
import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { ZodError } from "zod";
import type { Config } from "./config.ts";
import type { DatabaseHandle } from "./db/database.ts";
import { HttpError, requestTooLarge, ValidationError, type FieldErrors } from "./errors.ts";
import { createContactOutbox } from "./domain/contact.ts";
import { forgetPublicEntryPages } from "./domain/entry-queries.ts";
import { EditConflict } from "./domain/revisions.ts";
import { connectContentChanges } from "./changes/announcer.ts";
import { accountRoutes } from "./http/account.ts";
import { activityRoutes } from "./http/activity.ts";
import { backupRoutes } from "./http/backup.ts";
import { contactRoutes } from "./http/contact.ts";
import { invitationRoutes } from "./http/invitations.ts";
import { csrfCookieRoutes } from "./http/csrf-cookie.ts";
import { draftRoutes } from "./http/drafts.ts";
import { entryRoutes } from "./http/entries.ts";
import { entryAdminRoutes } from "./http/entries-admin.ts";
import { galleryRoutes } from "./http/galleries.ts";
import { healthRoutes } from "./http/health.ts";
import { FIELD_MAX_BYTES } from "./http/multipart.ts";
import { revisionRoutes } from "./http/revisions.ts";
import { settingsRoutes } from "./http/settings.ts";
import { storageRoutes } from "./http/storage.ts";
import { testimonialRoutes } from "./http/testimonials.ts";
import { trashRoutes } from "./http/trash.ts";
import { THROTTLES } from "./http/throttles.ts";
import { userRoutes } from "./http/user.ts";
import { userAdminRoutes } from "./http/users.ts";
import { widgetRoutes } from "./http/widgets.ts";
import { openStorage } from "./media/open-storage.ts";
import { fastifyLogging } from "./observability/logging.ts";
import { observeApi } from "./observability/metrics.ts";
import type { StorageDriver } from "./media/storage.ts";
import { createMailer, type Mailer } from "./mail/mailer.ts";
import { presentConflict } from "./presenters/revision.ts";
import { registerSessionHandling } from "./security/request-session.ts";
import { openThrottleStore } from "./security/throttle.ts";
import "./types.ts";

export type AppDependencies = {
  config: Config;
  database: DatabaseHandle;
  storage?: StorageDriver;
  logger?: boolean | { level: string };
  /** Defaults to SMTP_URL, or the .eml outbox under DATA_DIR/mail without it. */
  mailer?: Mailer;
  /** Prepended to the throttles' Redis keys (tests sharing one Redis keep apart by it). */
  throttleKeyPrefix?: string;
  /** The channel content changes are announced on (record 045); tests keep apart by it. */
  changeChannel?: string;
};

export async function buildApp({
  config,
  database,
  storage,
  logger,
  mailer,
  throttleKeyPrefix = "almoner:throttle:",
  changeChannel,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    ...fastifyLogging(config, { logger }),
    trustProxy: config.trustedProxies,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    routerOptions: { maxParamLength: 1000 },
    // Malformed URLs (bad percent-encoding, over-long segments) never reach a handler.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as FastifyReply).code(400).send({ message: "Bad Request." });
    },
  });

  app.decorate("config", config);
  const observed = observeApi(app);
  app.decorate("db", database.db);
  app.decorate("dialect", database.dialect);
  // First of our own: an unreachable REDIS_URL stops the start before anything else is opened.
  app.decorate(
    "throttles",
    await openThrottleStore(THROTTLES, {
      database,
      redisUrl: config.redisUrl,
      keyPrefix: throttleKeyPrefix,
      log: app.log,
    }),
  );
  app.addHook("onClose", async () => app.throttles.close());
  await connectContentChanges(app, {
    redisUrl: config.redisUrl,
    databaseUrl: config.databaseUrl,
    pool: database.pool,
    name: changeChannel,
    warn: (message) => app.log.warn(message),
  });
  app.decorate(
    "mailer",
    mailer ??
      createMailer({ config, db: database.db, log: app.log, onFailure: observed.mailFailed }),
  );
  app.addHook("onClose", async () => app.mailer.close());
  if (storage) app.decorate("storage", storage);
  else {
    app.decorate("storage", await openStorage(config));
    app.addHook("onClose", async () => app.storage.close());
  }
  // Contact messages not mailed yet are tried on start, after each new one, and every 5 minutes.
  app.decorate(
    "contactOutbox",
    createContactOutbox({ db: database.db, mailer: app.mailer, config, log: app.log }),
  );
  app.addHook("onReady", async () => app.contactOutbox.start());
  app.addHook("preClose", async () => app.contactOutbox.stop());

  await app.register(cookie);
  // Forms are read in the handler (http/multipart.ts), after the guards; a file over the limit
  // ends the read with the image's 413.
  await app.register(multipart, {
    limits: {
      fileSize: config.imageMaxBytes,
      fieldSize: FIELD_MAX_BYTES,
      fields: 200,
      files: 5,
      parts: 205,
    },
  });
  registerSessionHandling(app);
  // Whatever a write changed, the public lists kept for a second must not outlive it here.
  app.addHook("onSend", async (request) => {
    if (request.method !== "GET" && request.method !== "HEAD") forgetPublicEntryPages(app.db);
  });

  app.setErrorHandler(async (error: FastifyError | Error, request, reply) => {
    const { status, body, headers } = toErrorResponse(error);
    if (status >= 500) request.log.error({ err: error }, "request failed");
    return reply.code(status).headers(headers).send(body);
  });
  app.setNotFoundHandler(async (_request, reply) =>
    reply.code(404).send({ message: "Not Found." }),
  );

  await app.register(healthRoutes);
  await app.register(csrfCookieRoutes);
  await app.register(userRoutes);
  await app.register(accountRoutes);
  await app.register(invitationRoutes);
  await app.register(widgetRoutes);
  await app.register(entryRoutes);
  await app.register(entryAdminRoutes);
  await app.register(settingsRoutes);
  await app.register(contactRoutes);
  await app.register(testimonialRoutes);
  await app.register(galleryRoutes);
  await app.register(userAdminRoutes);
  await app.register(trashRoutes);
  await app.register(storageRoutes);
  await app.register(activityRoutes);
  await app.register(backupRoutes);
  await app.register(revisionRoutes);
  await app.register(draftRoutes);
  await app.register(observed.metricsRoute);

  return app;
}

type ErrorResponse = {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string>;
};

/** The one place errors become the JSON of DESIGN §5: `{"message"}`, plus `errors` for 422. */
function toErrorResponse(error: FastifyError | Error): ErrorResponse {
  if (error instanceof ValidationError)
    return { status: 422, body: { message: error.message, errors: error.errors }, headers: {} };
  if (error instanceof EditConflict)
    return { status: 409, body: presentConflict(error.message, error.current), headers: {} };
  if (error instanceof HttpError)
    return { status: error.status, body: { message: error.message }, headers: error.headers };
  if (error instanceof ZodError) return validationResponse(fieldErrorsFromZod(error));
  const statusCode = "statusCode" in error ? error.statusCode : undefined;
  // A JSON body above bodyLimit (an image over its limit is an HttpError from http/multipart.ts).
  if (statusCode === 413) return toErrorResponse(requestTooLarge());
  if (statusCode === 415) return plain(415, "Unsupported Media Type.");
  if (statusCode && statusCode >= 400 && statusCode < 500) {
    const code = "code" in error ? error.code : "";
    if (code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError)
      return plain(400, "The request body is not valid JSON.");
    if (code === "FST_ERR_CTP_EMPTY_JSON_BODY") return plain(400, "The request body is empty.");
    return plain(statusCode, "Bad Request.");
  }
  return plain(500, "Server Error");
}

function fieldErrorsFromZod(error: ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join(".") || "body";
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

function validationResponse(errors: FieldErrors): ErrorResponse {
  const error = new ValidationError(errors);
  return { status: 422, body: { message: error.message, errors }, headers: {} };
}

const plain = (status: number, message: string): ErrorResponse => ({
  status,
  body: { message },
  headers: {},
});
