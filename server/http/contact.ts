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
import { idParams } from "./path-key.ts";
import { route } from "./route.ts";
import { throttle } from "./throttles.ts";
import { answerTrashed, trashContextOf, trashWho } from "./trash.ts";
import { line, text, z } from "./validation.ts";

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

/** A bot (the honeypot filled) is answered as a person is; nothing it sent is checked. */
const botForm = z.object({}).transform(() => ({ bot: true as const }));
const personForm = contactForm.transform((input) => ({ ...input, bot: false as const }));

const isBot = (fields: Record<string, unknown>) => {
  const trap = fields[HONEYPOT_FIELD];
  return trap !== undefined && trap !== null && trap !== "";
};

/**
 * POST /api/contact for visitors; for admins, what they sent, its state and its deletion (our
 * extension, records 015 and 036).
 */
export async function contactRoutes(app: FastifyInstance) {
  app.post(
    "/api/contact",
    route(
      { guards: [throttle("contact")], body: (fields) => (isBot(fields) ? botForm : personForm) },
      async ({ body }, request, reply) => {
        // A bot learns nothing; its message is neither kept nor mailed.
        if (!body.bot) {
          const { bot: _bot, ...input } = body;
          await storeContactMessage(app.db, input, request.ip);
          app.contactOutbox.deliver();
        }
        return reply.code(201).send(presentMessage(CONTACT_SENT));
      },
    ),
  );

  app.get(
    "/api/contact-messages",
    route({ guards: [admin], query: messagesQuery }, async ({ query: { state, ...page } }) => {
      const [{ messages, total }, unread] = await Promise.all([
        listContactMessages(app.db, page, state),
        countUnreadMessages(app.db),
      ]);
      return presentContactMessagePage(messages, total, unread);
    }),
  );

  app.post(
    "/api/contact-messages/:id",
    route(
      { guards: [admin], params: idParams, body: stateForm },
      async ({ params: { id }, body: { state } }, request) => {
        const message = await setMessageState(app.db, trashWho(request), id, state);
        if (!message) throw notFound();
        return presentContactMessage(message);
      },
    ),
  );

  app.delete(
    "/api/contact-messages/:id",
    route({ guards: [admin], params: idParams }, async ({ params: { id } }, request, reply) => {
      const trashed = await trashContactMessage(trashContextOf(app), trashWho(request), id);
      return answerTrashed(app, reply, trashed);
    }),
  );
}
