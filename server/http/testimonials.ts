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
import { readForm } from "./multipart.ts";
import { parseIdParam } from "./path-key.ts";
import { versionField } from "./revisions.ts";
import { answerTrashed, trashContextOf, trashWho } from "./trash.ts";
import { line, parseForm, text, z } from "./validation.ts";

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

type IdParams = { Params: { id: string } };

const testimonialLine = ({ id, name }: { id: number; name: string }) => ({
  subject: "testimonial",
  subjectId: id,
  title: name,
});

/** Testimonials: anyone reads them (the home page shows them), admins write them. */
export async function testimonialRoutes(app: FastifyInstance) {
  app.get("/api/testimonials", async (request) => {
    const { testimonials, total } = await listTestimonials(
      app.db,
      listQuery.parse(request.query ?? {}),
    );
    return presentTestimonialPage(testimonials, total);
  });

  app.get<IdParams>("/api/testimonials/:id", async (request) => {
    const testimonial = await findTestimonial(app.db, parseIdParam(request.params.id));
    if (!testimonial) throw notFound();
    if (request.user?.role === "admin")
      return presentTestimonialForAdmin(
        testimonial,
        await currentVersion(app.db, "testimonial", testimonial.id),
      );
    return presentTestimonial(testimonial);
  });

  app.post("/api/testimonials", { preHandler: admin }, async (request, reply) => {
    const { fields } = await readForm(request);
    const testimonial = await createTestimonial(app.db, await parseForm(testimonialForm, fields));
    await logActivity(request, "created", testimonialLine(testimonial));
    return reply.code(201).send(presentTestimonial(testimonial));
  });

  app.post<IdParams>("/api/testimonials/:id", { preHandler: admin }, async (request) => {
    const id = parseIdParam(request.params.id);
    const { fields } = await readForm(request);
    const { version, ...changes } = await parseForm(testimonialUpdateForm, fields);
    const testimonial = await updateTestimonial(app.db, id, changes, {
      actor: actorOf(request),
      expectedVersion: version,
      keep: app.config.revisionsKeep,
    });
    if (!testimonial) throw notFound();
    await forgetDraft(request, "testimonial", id);
    await logActivity(request, "saved", testimonialLine(testimonial));
    return presentTestimonialForAdmin(testimonial, testimonial.version);
  });

  app.delete<IdParams>("/api/testimonials/:id", { preHandler: admin }, async (request, reply) => {
    const id = parseIdParam(request.params.id);
    const item = await trashTestimonial(trashContextOf(app), trashWho(request), id);
    return answerTrashed(app, reply, item);
  });
}
