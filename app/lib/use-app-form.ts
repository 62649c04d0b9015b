import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

type AppFormOptions<Schema extends z.ZodObject> = {
  id: string;
  /** The action's reply, so the server's errors show under the same fields. */
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Partial<z.input<Schema>>;
};

/**
 * Conform set up the way every form of ours works: the schema the action also parses, the
 * browser's own required/email checks when JavaScript is off (spec §5), validation on submit
 * and again as the visitor corrects a field.
 */
export function useAppForm<Schema extends z.ZodObject>(
  schema: Schema,
  { id, lastResult, defaultValue }: AppFormOptions<Schema>,
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    defaultValue: defaultValue as never,
    constraint: getZodConstraint(schema),
    defaultNoValidate: false,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
