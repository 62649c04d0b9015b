import type { FastifyInstance } from "fastify";
import {
  createTestimonial,
  findTestimonial,
  listTestimonials,
  updateTestimonial,
} from "../domain/testimonials.ts";
import { currentVersion } from "../domain/revisions.ts";
import { notFound } from "../errors.ts";
import {
  presentTestimonial,
  presentTestimonialForAdmin,
  presentTestimonialPage,
} from "../presenters/testimonial.ts";
import { actorOf } from "./actor.ts";
import { logActivity } from "./activity.ts";
import { trashTestimonial } from "../domain/trash.ts";
import { forgetDraft } from "./drafts.ts";
import { admin } from "./guards.ts";
import { listQuery } from "./list-query.ts";
import { idParams } from "./path-key.ts";
import { route } from "./route.ts";
import { versionField } from "./revisions.ts";
import { answerTrashed, trashContextOf, trashWho } from "./trash.ts";
import { line, text, z } from "./validation.ts";

/**
 * A star rating: a whole number from 1 to 5, given as a number or as digits (a form field), with
 * Laravel's messages for `required|integer|min:1|max:5`.
 */
const score = z.unknown().transform((value, ctx) => {
  const fail = (message: string) => {
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  };
  if (value === undefined || value === null || value === "")
    return fail("The score field is required.");
  const number =
    typeof value === "number"
      ? value
      : typeof value === "string" && /^\s*[-+]?\d+\s*$/.test(value)
        ? Number(value)
        : NaN;
  if (!Number.isInteger(number)) return fail("The score field must be an integer.");
  if (number < 1) return fail("The score field must be at least 1.");
  if (number > 5) return fail("The score field must not be greater than 5.");
  return number;
});

const testimonialForm = z.object({
  name: line().min(1).max(255),
  score,
  review: text()
    .max(20_000)
    .nullish()
    .transform((review) => review ?? ""),
});

/** A save may leave fields out: they keep their values. */
const testimonialUpdateForm = testimonialForm.partial().extend({ version: versionField });

const testimonialLine = ({ id, name }: { id: number; name: string }) => ({
  subject: "testimonial",
  subjectId: id,
  title: name,
});

/** Testimonials: anyone reads them (the home page shows them), admins write them. */
export async function testimonialRoutes(app: FastifyInstance) {
  app.get(
    "/api/testimonials",
    route({ query: listQuery }, async ({ query }) => {
      const { testimonials, total } = await listTestimonials(app.db, query);
      return presentTestimonialPage(testimonials, total);
    }),
  );

  app.get(
    "/api/testimonials/:id",
    route({ params: idParams }, async ({ params: { id } }, request) => {
      const testimonial = await findTestimonial(app.db, id);
      if (!testimonial) throw notFound();
      if (request.user?.role === "admin")
        return presentTestimonialForAdmin(
          testimonial,
          await currentVersion(app.db, "testimonial", testimonial.id),
        );
      return presentTestimonial(testimonial);
    }),
  );

  app.post(
    "/api/testimonials",
    route({ guards: [admin], body: testimonialForm }, async ({ body }, request, reply) => {
      const testimonial = await createTestimonial(app.db, body);
      await logActivity(request, "created", testimonialLine(testimonial));
      return reply.code(201).send(presentTestimonial(testimonial));
    }),
  );

  app.post(
    "/api/testimonials/:id",
    route(
      { guards: [admin], params: idParams, body: testimonialUpdateForm },
      async ({ params: { id }, body: { version, ...changes } }, request) => {
        const testimonial = await updateTestimonial(app.db, id, changes, {
          actor: actorOf(request),
          expectedVersion: version,
          keep: app.config.revisionsKeep,
        });
        if (!testimonial) throw notFound();
        await forgetDraft(request, "testimonial", id);
        await logActivity(request, "saved", testimonialLine(testimonial));
        return presentTestimonialForAdmin(testimonial, testimonial.version);
      },
    ),
  );

  app.delete(
    "/api/testimonials/:id",
    route({ guards: [admin], params: idParams }, async ({ params: { id } }, request, reply) => {
      const item = await trashTestimonial(trashContextOf(app), trashWho(request), id);
      return answerTrashed(app, reply, item);
    }),
  );
}
