import type { FastifyInstance, FastifyRequest } from "fastify";
import type { RevisionSubject } from "../db/schema.ts";
import {
  deleteDraft,
  draftItemExists,
  findDraft,
  saveDraft,
  type DraftKey,
} from "../domain/drafts.ts";
import { notFound, ValidationError } from "../errors.ts";
import { presentDraft } from "../presenters/draft.ts";
import { admin, currentUser } from "./guards.ts";
import { FIELD_MAX_BYTES } from "./multipart.ts";
import { parseIdParam } from "./path-key.ts";
import { parseForm, text, z } from "./validation.ts";

/** The URL segments of what has drafts, as their revisions name them (record 030). */
const SUBJECTS: Record<string, RevisionSubject> = {
  projects: "project",
  blog: "blog",
  opportunities: "opportunity",
  widgets: "widget",
  testimonials: "testimonial",
  settings: "settings",
};

const MAX_FIELDS = 30;
/** The fields that hold HTML or long text: as long as a save takes them. */
const LONG_FIELDS: Record<string, number> = {
  article: FIELD_MAX_BYTES,
  html: FIELD_MAX_BYTES,
  preview_text: FIELD_MAX_BYTES,
  review: 20_000,
  address: 1000,
};
/** Every other field of the edit forms is a line: a title, slug, name, date, link or number. */
const LINE_MAX = 500;
const FIELD_NAME = /^[A-Za-z][\w.-]{0,63}$/;

const draftData = z.record(text(), z.unknown()).superRefine((data, ctx) => {
  const names = Object.keys(data);
  if (names.length > MAX_FIELDS)
    ctx.addIssue({
      code: "custom",
      message: `The data field must not have more than ${MAX_FIELDS} items.`,
    });
  for (const name of names.slice(0, MAX_FIELDS)) {
    const path = [FIELD_NAME.test(name) ? name : "field"];
    const max = LONG_FIELDS[name] ?? LINE_MAX;
    const result = text().max(max).safeParse(data[name]);
    if (!FIELD_NAME.test(name))
      ctx.addIssue({ code: "custom", path, message: "The data field names are invalid." });
    else if (!result.success) ctx.addIssue({ ...result.error.issues[0]!, code: "custom", path });
  }
});

const draftForm = z.object({
  version: z
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1)
    .nullish()
    .transform((version) => version ?? null),
  data: draftData,
});

type DraftParams = { Params: { subject: string; id: string } };

function draftKey(request: FastifyRequest<DraftParams>): DraftKey {
  const subject = SUBJECTS[request.params.subject];
  if (!subject || !Object.hasOwn(SUBJECTS, request.params.subject)) throw notFound();
  const subjectId =
    subject === "settings" ? (request.params.id === "0" ? 0 : -1) : parseIdParam(request.params.id);
  if (subjectId < 0) throw notFound();
  return { userId: currentUser(request).id, subject, subjectId };
}

/** A successful save of an item ends its saver's draft of it. */
export async function forgetDraft(request: FastifyRequest, subject: RevisionSubject, id: number) {
  if (request.user)
    await deleteDraft(request.server.db, { userId: request.user.id, subject, subjectId: id });
}

/** Autosaved drafts of the edit screens (our extension, record 030): each admin sees only theirs. */
export async function draftRoutes(app: FastifyInstance) {
  const route = "/api/drafts/:subject/:id";

  app.get<DraftParams>(route, { preHandler: admin }, async (request) => {
    const draft = await findDraft(app.db, draftKey(request));
    if (!draft) throw notFound();
    return presentDraft(draft);
  });

  app.put<DraftParams>(
    route,
    { preHandler: admin, bodyLimit: 2 * FIELD_MAX_BYTES },
    async (request) => {
      const key = draftKey(request);
      if (!(await draftItemExists(app.db, key.subject, key.subjectId))) throw notFound();
      const body = request.body;
      if (typeof body !== "object" || body === null || Array.isArray(body))
        throw ValidationError.field("data", "The data field is required.");
      const draft = await parseForm(draftForm, body);
      const savedAt = await saveDraft(app.db, key, {
        version: draft.version,
        data: draft.data as Record<string, string>,
      });
      return { saved_at: savedAt };
    },
  );

  app.delete<DraftParams>(route, { preHandler: admin }, async (request, reply) => {
    await deleteDraft(app.db, draftKey(request));
    return reply.code(204).send();
  });
}
