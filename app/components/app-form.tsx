import { FormProvider, getFormProps, useFormMetadata, type FormMetadata } from "@conform-to/react";
import { createContext, useContext, type ComponentProps, type ReactNode } from "react";
import { Form } from "react-router";

/** The ids of the forms around here whose message shows only while no field has an error. */
const MessageAlone = createContext<readonly string[]>([]);

type AppFormProps<Schema extends Record<string, unknown>> = Omit<
  ComponentProps<typeof Form>,
  "id" | "onSubmit" | "noValidate" | "children"
> & {
  form: FormMetadata<Schema>;
  /**
   * The form's message shows only while no field has an error: each error is said in one
   * place, under its field (spec §5: registration, the one-field forms of the admin).
   */
  messageAlone?: boolean;
  children: ReactNode;
};

/**
 * A form of ours: Conform's context for the fields inside, which read their errors, the form's
 * message and whether they take the first focus from it (see `useFieldFeedback`).
 */
export function AppForm<Schema extends Record<string, unknown>>({
  form,
  messageAlone = false,
  method = "post",
  children,
  ...props
}: AppFormProps<Schema>) {
  const alone = useContext(MessageAlone);
  return (
    <FormProvider context={form.context}>
      <MessageAlone value={messageAlone ? [...alone, form.id] : alone}>
        <Form method={method} {...getFormProps(form)} {...props}>
          {children}
        </Form>
      </MessageAlone>
    </FormProvider>
  );
}

/**
 * The first field with an error. `useAppForm` keeps the errors in page order, so it is the
 * first invalid field on the page.
 */
function firstInvalidName(errors: Record<string, string[] | undefined>): string | null {
  for (const [name, messages] of Object.entries(errors)) {
    if (name !== "" && (messages?.length ?? 0) > 0) return name;
  }
  return null;
}

/** The message a form shows above its fields (spec §8: the response's message), if any. */
export function useFormMessage(formId?: string): {
  id: string;
  message: string | null;
  /** Whether a field has an error too: it takes the focus, and with it the view. */
  fieldInvalid: boolean;
} {
  const form = useFormMetadata(formId);
  const alone = useContext(MessageAlone).includes(form.id);
  const message = form.errors?.[0] ?? null;
  const fieldInvalid = firstInvalidName(form.allErrors) !== null;
  const shown = alone && fieldInvalid ? null : message;
  // Not `${form.id}-message`: that is the id of a field named `message` (Contact Us has one).
  return { id: `${form.id}-form-message`, message: shown, fieldInvalid };
}

/** Whether the control posted as `name` in the enclosing form is focused when rendered. */
export function useFirstFocus(name: string, initialFocus = false): boolean {
  const first = firstInvalidName(useFormMetadata().allErrors);
  return first === null ? initialFocus : first === name;
}

/**
 * What a control shows of its form's state: its own errors, less one the form's message already
 * says; what describes it; and whether it is focused when rendered. That is the first invalid
 * field, so a page rendered after a failed post (no JavaScript) starts where the visitor has to
 * act; with no field invalid, the control marked `initialFocus`. With JavaScript, Conform moves the
 * focus itself after a failed submit.
 */
export function useFieldFeedback(
  { formId, name, errors }: { formId: string; name: string; errors?: readonly string[] },
  initialFocus = false,
) {
  const form = useFormMetadata(formId);
  const { id: messageId, message } = useFormMessage(formId);
  const first = firstInvalidName(form.allErrors);
  const invalid = (errors?.length ?? 0) > 0;
  const visible = (errors ?? []).filter((error) => error !== message);
  return {
    errors: visible,
    invalid,
    /** The form's message, when it alone says what is wrong with this control. */
    messageId: invalid && visible.length === 0 && message ? messageId : null,
    autoFocus: first === null ? initialFocus : first === name,
  };
}
