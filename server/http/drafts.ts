import type { FastifyInstance, FastifyRequest } from "fastify";
import type { RevisionSubject } from "../db/schema.ts";
import { deleteDraft, findDraft, saveDraft, type DraftKey } from "../domain/drafts.ts";
import { itemExists } from "../domain/revisions.ts";
import { notFound, ValidationError } from "../errors.ts";
import { presentDraft } from "../presenters/draft.ts";
import { admin, currentUser } from "./guards.ts";
import { FIELD_MAX_BYTES } from "./multipart.ts";
import { idParam } from "./path-key.ts";
import { route, type BodyReader } from "./route.ts";
import { answerTrashed, trashContextOf, trashWho } from "./trash.ts";
import { trashDraft } from "../domain/trash.ts";
import { segment, text, z } from "./validation.ts";

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
    .min(0)
    .max(2 ** 31 - 1)
    .nullish()
    .transform((version) => version ?? null),
  data: draftData,
});

/** `/:subject/:id`: what has drafts, by its URL segment; settings is id 0. */
const draftTarget = z
  .object({ subject: segment(), id: segment() })
  .transform(({ subject: segmentName, id }, ctx) => {
    const subject = Object.hasOwn(SUBJECTS, segmentName) ? SUBJECTS[segmentName] : undefined;
    const subjectId =
      subject === "settings" ? (id === "0" ? 0 : undefined) : idParam.safeParse(id).data;
    if (subject && subjectId !== undefined) return { subject, subjectId };
    ctx.addIssue({ code: "custom", message: "Not Found." });
    return z.NEVER;
  });

/** A body that is not an object has no data. */
const objectBody: BodyReader = (request) => {
  const body = request.body;
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw ValidationError.field("data", "The data field is required.");
  return { fields: body, files: {} };
};

/** A successful save of an item ends its saver's draft of it. */
export async function forgetDraft(request: FastifyRequest, subject: RevisionSubject, id: number) {
  if (request.user)
    await deleteDraft(request.server.db, { userId: request.user.id, subject, subjectId: id });
}

/** Autosaved drafts of the edit screens (our extension, record 030): each admin sees only theirs. */
export async function draftRoutes(app: FastifyInstance) {
  const path = "/api/drafts/:subject/:id";
  const guards = [admin];
  const keyOf = (request: FastifyRequest, target: z.output<typeof draftTarget>): DraftKey => ({
    userId: currentUser(request).id,
    ...target,
  });

  app.get(
    path,
    route({ guards, params: draftTarget }, async ({ params }, request) => {
      const draft = await findDraft(app.db, keyOf(request, params));
      if (!draft) throw notFound();
      return presentDraft(draft);
    }),
  );

  app.put(
    path,
    route(
      {
        guards,
        // A draft of nothing is a 404 before its body is looked at, as route binding is.
        params: draftTarget.refine(({ subject, subjectId }) =>
          itemExists(app.db, subject, subjectId),
        ),
        body: draftForm,
        read: objectBody,
        bodyLimit: 2 * FIELD_MAX_BYTES,
      },
      async ({ params, body }, request) => {
        const savedAt = await saveDraft(app.db, keyOf(request, params), {
          version: body.version,
          data: body.data as Record<string, string>,
        });
        return { saved_at: savedAt };
      },
    ),
  );

  app.delete(
    path,
    // The banner's Discard, into the trash for its Undo (record 056); 204 with nothing to discard.
    route({ guards, params: draftTarget }, async ({ params }, request, reply) => {
      const key = keyOf(request, params);
      const trashed = await trashDraft(trashContextOf(app), trashWho(request), key);
      return trashed ? answerTrashed(app, reply, trashed) : reply.code(204).send();
    }),
  );
}
