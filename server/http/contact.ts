import type { FastifyInstance } from "fastify";
import { listContactMessages, storeContactMessage } from "../domain/contact.ts";
import { presentMessage } from "../presenters/account.ts";
import { presentContactMessagePage } from "../presenters/contact-message.ts";
import { admin } from "./guards.ts";
import { listQuery } from "./list-query.ts";
import { readForm } from "./multipart.ts";
import { throttle } from "./throttles.ts";
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

/** POST /api/contact for visitors, and the admins' list of what they sent (our extension). */
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
    const { messages, total } = await listContactMessages(
      app.db,
      listQuery.parse(request.query ?? {}),
    );
    return presentContactMessagePage(messages, total);
  });
}
