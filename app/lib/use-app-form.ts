import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useMemo, useState } from "react";
import { useActionData, useLocation } from "react-router";
import type { z } from "zod";
import { unansweredMessageOf } from "./unanswered-posts.ts";

type AppFormOptions<Schema extends z.ZodObject> = {
  id: string;
  /** The action's reply, so the server's errors show under the same fields. */
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Partial<z.input<Schema>>;
  /**
   * Every submit goes to the server, even when the browser's checks fail, and neither Conform
   * nor the browser's own bubbles hold it back: the answer lists every field's errors at once,
   * with those only the API can know (an address already taken). The browser's checks still run
   * as the visitor corrects a field.
   */
  serverListsEveryError?: boolean;
  /**
   * The fields in page order, when it is not the schema's (a file field the schema does not
   * parse). Errors are kept in this order, so the first invalid field takes the first focus.
   */
  fieldOrder?: readonly string[];
};

/** `result` with its field errors in page order (the form's own message first). */
function inPageOrder<Result extends { error?: object | null }>(
  result: Result,
  order: readonly string[],
): Result {
  if (!result.error) return result;
  const rank = (name: string) => {
    if (name === "") return -1;
    const index = order.indexOf(name.split(/[.[]/)[0] ?? name);
    return index === -1 ? order.length : index;
  };
  const error = Object.fromEntries(
    Object.entries(result.error).sort(([a], [b]) => rank(a) - rank(b)),
  );
  return { ...result, error };
}

/**
 * Conform set up the way every form of ours works: the schema the action also parses, the
 * browser's own required/email checks when JavaScript is off (spec §5), validation on submit
 * and again as the visitor corrects a field. Render it in an `AppForm`, whose fields read
 * their errors, the form's message and the first focus from Conform's context.
 */
export function useAppForm<Schema extends z.ZodObject>(
  schema: Schema,
  {
    id,
    lastResult,
    defaultValue,
    serverListsEveryError = false,
    fieldOrder,
  }: AppFormOptions<Schema>,
) {
  const order = (fieldOrder ?? Object.keys(schema.shape)).join(" ");
  // Memoised: Conform reports a result (and moves the focus) each time it gets a new object.
  const ordered = useMemo(
    () => (lastResult ? inPageOrder(lastResult, order.split(" ")) : lastResult),
    [lastResult, order],
  );
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult: ordered,
    defaultValue: defaultValue as never,
    constraint: getZodConstraint(schema),
    defaultNoValidate: serverListsEveryError,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => {
      const submission = parseWithZod(formData, { schema });
      // "error" is a submit (a revalidation while typing has no status): with no errors to
      // report, Conform lets it through to the server.
      if (serverListsEveryError && submission.status === "error") {
        return { ...submission, error: null };
      }
      return submission.status === "success"
        ? submission
        : inPageOrder(submission, order.split(" "));
    },
  });
}

let answersSeen = 0;

/**
 * The key of a form that starts afresh with each answer of its action (a refusal's, so that the
 * passwords typed are gone) and after a save that went through (the redirect's new location).
 * Not the location alone: React Router shows an answer first and moves to the new location only
 * once the page's data is read again, and a form keyed on the location would then mount a second
 * time, dropping what was typed in between (the tests typed there; so can a quick hand on a slow
 * connection). A post that was not answered (`formUnanswered`) keeps the form as it is: nothing
 * came back to start it from, and what was typed must stay.
 */
export function useFreshFormKey(): string {
  const location = useLocation();
  const answer = useActionData();
  const [shown, setShown] = useState(() => ({
    answer,
    key: answer === undefined ? location.key : `answer-${++answersSeen}`,
  }));
  let key: string;
  if (answer === undefined) key = location.key;
  else if (answer === shown.answer) key = shown.key;
  // A post is a navigation: its answer comes with a new location, which must not count here.
  else key = unansweredMessageOf(answer) === null ? `answer-${++answersSeen}` : shown.key;
  if (answer !== shown.answer || key !== shown.key) setShown({ answer, key });
  return key;
}
