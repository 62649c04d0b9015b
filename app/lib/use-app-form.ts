import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

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
};

/**
 * Conform set up the way every form of ours works: the schema the action also parses, the
 * browser's own required/email checks when JavaScript is off (spec §5), validation on submit
 * and again as the visitor corrects a field.
 */
export function useAppForm<Schema extends z.ZodObject>(
  schema: Schema,
  { id, lastResult, defaultValue, serverListsEveryError = false }: AppFormOptions<Schema>,
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
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
      return submission;
    },
  });
}
