import type { FastifyInstance } from "fastify";
import { storeContactMessage } from "../domain/contact.ts";
import {
  countUnreadMessages,
  listContactMessages,
  MESSAGE_FILTERS,
  MESSAGE_STATES,
  setMessageState,
} from "../domain/contact-messages.ts";
import { trashContactMessage } from "../domain/trash.ts";
import { notFound } from "../errors.ts";
import { presentMessage } from "../presenters/account.ts";
import { presentContactMessage, presentContactMessagePage } from "../presenters/contact-message.ts";
import { admin } from "./guards.ts";
import { listQuery } from "./list-query.ts";
import { readForm } from "./multipart.ts";
import { parseIdParam } from "./path-key.ts";
import { throttle } from "./throttles.ts";
import { answerTrashed, trashContextOf, trashWho } from "./trash.ts";
import { line, parseForm, text, z } from "./validation.ts";

export const CONTACT_SENT = "Your message was sent successfully";

/**
 * The honeypot of the web tier's public forms (app/components/form-honeypot.tsx): people never
 * see it, so a value in it comes from a bot.
 */
export const HONEYPOT_FIELD = "name__confirm";

const contactForm = z.object({
  name: line().min(1).max(255),
  telephone: line()
    .max(50)
    .nullish()
    .transform((telephone) => telephone ?? ""),
  email: line().min(1).max(255).pipe(z.email()),
  message: text().trim().min(1).max(5000),
});

const FILTERS = Object.keys(MESSAGE_FILTERS) as (keyof typeof MESSAGE_FILTERS)[];

/** `?state=inbox|unread|read|archived`; absent or empty: every message. */
const messagesQuery = listQuery.extend({
  state: z.preprocess((value) => (value === "" ? undefined : value), z.enum(FILTERS).optional()),
});

const stateForm = z.object({ state: z.enum(MESSAGE_STATES) });

type IdParams = { Params: { id: string } };

/**
 * POST /api/contact for visitors; for admins, what they sent, its state and its deletion (our
 * extension, records 015 and 036).
 */
export async function contactRoutes(app: FastifyInstance) {
  app.post("/api/contact", { preHandler: throttle("contact") }, async (request, reply) => {
    const { fields } = await readForm(request);
    const trap = fields[HONEYPOT_FIELD];
    const bot = trap !== undefined && trap !== null && trap !== "";
    // A bot is answered as a person is, so it learns nothing; its message is neither kept nor mailed.
    if (!bot) {
      const input = await parseForm(contactForm, fields);
      await storeContactMessage(app.db, input, request.ip);
      app.contactOutbox.deliver();
    }
    return reply.code(201).send(presentMessage(CONTACT_SENT));
  });

  app.get("/api/contact-messages", { preHandler: admin }, async (request) => {
    const { state, ...page } = messagesQuery.parse(request.query ?? {});
    const [{ messages, total }, unread] = await Promise.all([
      listContactMessages(app.db, page, state),
      countUnreadMessages(app.db),
    ]);
    return presentContactMessagePage(messages, total, unread);
  });

  app.post<IdParams>("/api/contact-messages/:id", { preHandler: admin }, async (request) => {
    const id = parseIdParam(request.params.id);
    const { fields } = await readForm(request);
    const { state } = await parseForm(stateForm, fields);
    const message = await setMessageState(app.db, trashWho(request), id, state);
    if (!message) throw notFound();
    return presentContactMessage(message);
  });

  app.delete<IdParams>(
    "/api/contact-messages/:id",
    { preHandler: admin },
    async (request, reply) => {
      const id = parseIdParam(request.params.id);
      const trashed = await trashContactMessage(trashContextOf(app), trashWho(request), id);
      return answerTrashed(app, reply, trashed);
    },
  );
}
