import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { safeRedirect } from "remix-utils/safe-redirect";
import { HONEYPOT_FIELD } from "../components/form-honeypot.tsx";
import { formFailureFrom, type ApiResult } from "./api.server.ts";

/** The posted form, parsed with the same schema Conform used in the browser. */
export async function parseSubmission<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
): Promise<{ formData: FormData; submission: Submission<z.output<Schema>> }> {
  const formData = await request.formData();
  return { formData, submission: parseWithZod(formData, { schema }) };
}

export type ApiFailureReplyOptions = {
  /** Fields never sent back to the browser (passwords, codes). */
  hideFields?: string[];
  /** API field name → form field name, where they differ. */
  fieldNames?: Record<string, string>;
  /** Forms that show one message a field (spec §5: contact, users, galleries, testimonials). */
  firstErrorOnly?: boolean;
  /**
   * The form's field names (after `fieldNames`), for forms that show each error in one place:
   * an error under any other key (`user` when admins delete themselves) becomes the form's
   * message, and the API's overall message, which only repeats a field's, is left out.
   */
  fields?: readonly string[];
};

/**
 * A failed API call as the form's result (the client has already redirected on the session
 * statuses): 422 puts the API's messages under the same field names and its overall message on
 * the form; 413, 429 and anything else become one message for the form.
 */
export function replyWithApiFailure(
  submission: Submission<unknown>,
  result: ApiResult,
  { hideFields = [], fieldNames = {}, firstErrorOnly = false, fields }: ApiFailureReplyOptions = {},
): SubmissionResult<string[]> {
  const failure = formFailureFrom(result);
  const fieldErrors: Record<string, string[]> = {};
  const otherErrors: string[] = [];
  for (const [field, messages] of Object.entries(failure.fieldErrors)) {
    const name = fieldNames[field] ?? field;
    const shown = firstErrorOnly ? messages.slice(0, 1) : messages;
    if (fields && !fields.includes(name)) {
      otherErrors.push(...shown);
      continue;
    }
    fieldErrors[name] = [...(fieldErrors[name] ?? []), ...shown];
    if (firstErrorOnly) fieldErrors[name] = fieldErrors[name].slice(0, 1);
  }
  // With `fields`, the overall message only when no error says more (a 429, a 500).
  const saysMore = otherErrors.length > 0 || Object.keys(fieldErrors).length > 0;
  const formErrors = fields && saysMore ? otherErrors : [failure.formError];
  return submission.reply({
    formErrors: formErrors.filter((error): error is string => Boolean(error)),
    fieldErrors,
    hideFields,
  });
}

/**
 * Public forms: a filled honeypot is a bot; it gets a plain 400 and the API is never called.
 * (remix-utils' Honeypot needs `@oslojs/crypto` for its timestamp, which we do not use; the
 * check itself is this one comparison.)
 */
export function rejectSpam(formData: FormData): void {
  const value = formData.get(HONEYPOT_FIELD);
  if (value !== null && value !== "") {
    throw data("The form was not submitted properly.", { status: 400 });
  }
}

const SITE_BASE = "http://site.invalid";

/**
 * Where to go after signing in: only a path on this site ("/account", not "//evil.example" or
 * "https://…"), else `fallback`. The value is normalised by the URL parser first (dot segments,
 * `%2e`, backslashes, tabs and newlines, as a browser would read them) and only then checked, so
 * `/.//evil.example` cannot turn into `//evil.example` after the check.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/")) return fallback;
  const url = URL.parse(value, SITE_BASE);
  if (url?.origin !== SITE_BASE) return fallback;
  return safeRedirect(url.pathname + url.search + url.hash, fallback);
}

/** `redirectTo` from the query string of the page, checked. */
export function redirectToOf(url: URL, fallback = "/"): string {
  return safeRedirectPath(url.searchParams.get("redirectTo"), fallback);
}

/** A file the web host left out of the posted form: it would not fit the body limit. */
export type FileTooLarge = { field: string; filename: string };

/**
 * The files the web host dropped from this multipart post for being too large (its header
 * `X-Files-Too-Large`, web/forms.ts; the host removes one a client sends). The action
 * answers the form with "The image you have uploaded is too large" under that field.
 */
export function filesTooLarge(request: Request): FileTooLarge[] {
  const header = request.headers.get("X-Files-Too-Large");
  if (!header) return [];
  try {
    const files: unknown = JSON.parse(header);
    if (!Array.isArray(files)) return [];
    return files.filter(
      (file): file is FileTooLarge =>
        typeof file?.field === "string" && typeof file?.filename === "string",
    );
  } catch {
    return [];
  }
}

/** Whether the host dropped the file posted under `field`. */
export const fileTooLarge = (request: Request, field: string) =>
  filesTooLarge(request).some((file) => file.field === field);

/**
 * A post's fields, read without taking them from its action (a copy of the body); null once the
 * action has read them, or for a body that is no form. A form the host parsed already has no body
 * left, and gives its fields again.
 */
export async function formCopyOf(request: Request): Promise<FormData | null> {
  if (request.bodyUsed) return null;
  return (request.body ? request.clone() : request).formData().catch(() => null);
}
