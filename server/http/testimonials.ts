import type { FastifyInstance } from "fastify";
import {
  createTestimonial,
  deleteTestimonial,
  findTestimonial,
  listTestimonials,
  updateTestimonial,
} from "../domain/testimonials.ts";
import { notFound } from "../errors.ts";
import { presentTestimonial, presentTestimonialPage } from "../presenters/testimonial.ts";
import { forgetDraft } from "./drafts.ts";
import { admin } from "./guards.ts";
import { listQuery } from "./list-query.ts";
import { readForm } from "./multipart.ts";
import { parseIdParam } from "./path-key.ts";
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
const testimonialUpdateForm = testimonialForm.partial();

type IdParams = { Params: { id: string } };

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
    return presentTestimonial(testimonial);
  });

  app.post("/api/testimonials", { preHandler: admin }, async (request, reply) => {
    const { fields } = await readForm(request);
    const input = await parseForm(testimonialForm, fields);
    return reply.code(201).send(presentTestimonial(await createTestimonial(app.db, input)));
  });

  app.post<IdParams>("/api/testimonials/:id", { preHandler: admin }, async (request) => {
    const id = parseIdParam(request.params.id);
    const { fields } = await readForm(request);
    const changes = await parseForm(testimonialUpdateForm, fields);
    const testimonial = await updateTestimonial(app.db, id, changes);
    if (!testimonial) throw notFound();
    await forgetDraft(request, "testimonial", id);
    return presentTestimonial(testimonial);
  });

  app.delete<IdParams>("/api/testimonials/:id", { preHandler: admin }, async (request, reply) => {
    if (!(await deleteTestimonial(app.db, parseIdParam(request.params.id)))) throw notFound();
    return reply.code(204).send();
  });
}
