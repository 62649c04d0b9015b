import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
} from "@conform-to/react";
import { useEffect, useRef, type ReactNode } from "react";
import { useFormAction, useNavigation } from "react-router";
import { INTENT_FIELD } from "../lib/form-intent.ts";
import { asksToLogIn, unansweredMessageOf } from "../lib/unanswered-posts.ts";
import { keepTypedText } from "../lib/typed-before-hydration.ts";
import { useFieldFeedback, useFormMessage } from "./app-form.tsx";

/** `scroll-mt-40`: a field focused after a failed post stays clear of the sticky header, label included. */
export const inputClass =
  "mt-1.5 block scroll-mt-40 w-full rounded-lg border border-muted/70 bg-white px-3.5 py-2.5 text-base text-ink shadow-xs transition-colors placeholder:text-muted/70 hover:border-brand-800 focus:border-brand-600 focus:outline-none focus-visible:outline-none focus:ring-3 focus:ring-brand-600/20 aria-invalid:border-red-600 aria-invalid:focus:ring-red-600/20";

type TextFieldProps = {
  meta: FieldMetadata<string>;
  label: string;
  type?: "text" | "email" | "password" | "tel" | "url";
  autoComplete?: string;
  inputMode?: "numeric" | "text";
  hint?: ReactNode;
  /** Focused when the page renders and no field of the form has an error. */
  initialFocus?: boolean;
  /** Shown and posted, but not editable (the hint says why). */
  readOnly?: boolean;
  className?: string;
};

/**
 * A labelled input with its error list underneath (tied by aria-describedby). Rendered on the
 * server with the first invalid field focused, so it works the same without JavaScript. Inside
 * an `AppForm`: errors, the form's message and the first focus come from its Conform context.
 */
export function TextField({
  meta,
  label,
  type = "text",
  autoComplete,
  inputMode,
  hint,
  initialFocus,
  readOnly,
  className = "",
}: TextFieldProps) {
  const { key, ...inputProps } = getInputProps(meta, { type, ariaAttributes: false });
  const feedback = useFieldFeedback(meta, initialFocus);
  const hintId = `${meta.id}-hint`;
  const describedBy = [
    hint ? hintId : null,
    feedback.errors.length > 0 ? meta.errorId : feedback.messageId,
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={className}>
      <label htmlFor={meta.id} className="block font-medium text-ink">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="mt-0.5 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      <input
        key={key}
        {...inputProps}
        autoComplete={autoComplete}
        inputMode={inputMode}
        // Only the first invalid field after a failed post: where the visitor has to act next.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus={feedback.autoFocus}
        aria-invalid={feedback.invalid || undefined}
        aria-describedby={describedBy || undefined}
        readOnly={readOnly}
        className={readOnly ? `${inputClass} read-only:bg-sand/60` : inputClass}
      />
      <ErrorList id={meta.errorId} errors={feedback.errors} />
    </div>
  );
}

type FramedFieldProps = {
  label: string;
  hint?: ReactNode;
  /** Focused when the page renders and no field of the form has an error. */
  initialFocus?: boolean;
  className?: string;
};

/** A control's label above it, its hint, and its errors underneath (tied by aria-describedby). */
function FieldFrame({
  meta,
  label,
  hint,
  initialFocus,
  className = "",
  children,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  hint?: ReactNode;
  initialFocus?: boolean;
  className?: string;
  children: (control: {
    "aria-invalid": true | undefined;
    "aria-describedby": string | undefined;
    autoFocus: boolean;
  }) => ReactNode;
}) {
  const feedback = useFieldFeedback(meta, initialFocus);
  const hintId = `${meta.id}-hint`;
  const describedBy = [
    hint ? hintId : null,
    feedback.errors.length > 0 ? meta.errorId : feedback.messageId,
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <div className={className}>
      <label htmlFor={meta.id} className="block font-medium text-ink">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="mt-0.5 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {children({
        "aria-invalid": feedback.invalid || undefined,
        "aria-describedby": describedBy || undefined,
        autoFocus: feedback.autoFocus,
      })}
      <ErrorList id={meta.errorId} errors={feedback.errors} />
    </div>
  );
}

/** A labelled multi-line field with its errors underneath. */
export function TextAreaField({
  meta,
  rows = 3,
  ...frame
}: FramedFieldProps & { meta: FieldMetadata<string | undefined>; rows?: number }) {
  const { key, ...textareaProps } = getTextareaProps(meta, { ariaAttributes: false });
  return (
    <FieldFrame meta={meta} {...frame}>
      {({ autoFocus, ...aria }) => (
        <textarea
          key={key}
          ref={keepTypedText}
          {...textareaProps}
          {...aria}
          rows={rows}
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={autoFocus}
          className={inputClass}
        />
      )}
    </FieldFrame>
  );
}

/** A labelled select of fixed choices, with its error underneath. */
export function SelectField({
  meta,
  options,
  ...frame
}: FramedFieldProps & {
  meta: FieldMetadata<string | undefined>;
  options: readonly { value: string; label: string }[];
}) {
  const { key, ...selectProps } = getSelectProps(meta, { ariaAttributes: false });
  return (
    <FieldFrame meta={meta} {...frame}>
      {({ autoFocus, ...aria }) => (
        <select
          key={key}
          {...selectProps}
          {...aria}
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={autoFocus}
          className={inputClass}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

export function CheckboxField({
  meta,
  label,
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
}) {
  const { key, ...inputProps } = getInputProps(meta, { type: "checkbox", ariaAttributes: false });
  return (
    <div className="flex items-center gap-2.5">
      <input
        key={key}
        {...inputProps}
        className="size-4.5 rounded border-muted/70 accent-brand-700"
      />
      <label htmlFor={meta.id} className="text-ink">
        {label}
      </label>
    </div>
  );
}

/** Messages under a field, in red, as a list (spec §5: per-field error lists). */
export function ErrorList({ id, errors }: { id: string; errors: readonly string[] }) {
  if (errors.length === 0) return null;
  return (
    <ul id={id} className="mt-1.5 space-y-0.5 text-sm font-medium text-red-700">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

/**
 * The response's overall message (spec §8: "Show the response's message in red"), read from the
 * enclosing `AppForm`.
 */
export function FormMessage() {
  const { id, message, fieldInvalid } = useFormMessage();
  const ref = useRef<HTMLDivElement>(null);
  // With JavaScript the page stays where Save was pressed, often at the foot of a long form,
  // far below this message; without it the answer is a new page, read from the top.
  useEffect(() => {
    if (message && !fieldInvalid) ref.current?.scrollIntoView({ block: "nearest" });
  }, [message, fieldInvalid]);
  if (!message) return null;
  return (
    <div
      ref={ref}
      id={id}
      role="alert"
      className="scroll-mt-40 rounded-xl border border-red-200 bg-red-50 px-4 py-3 font-medium text-red-800"
    >
      {message}
      <LogInLink shown={asksToLogIn(message)} />
    </div>
  );
}

/**
 * After a message that asks to log in again, the Log In page in a new tab: signed in there, this
 * page's next post goes through with what is on it (record 049).
 */
export function LogInLink({ shown }: { shown: boolean }) {
  if (!shown) return null;
  return (
    <>
      {" "}
      <a href="/login" target="_blank" rel="noopener" className="underline">
        Log in in a new tab
      </a>
    </>
  );
}

/**
 * What became of a button's post (a fetcher's) that did not go through, by the button: rotate,
 * delete, a new order. Nothing changed, and the screen shows it as it was.
 */
export function UnansweredNote({
  fetcher,
  className = "",
}: {
  fetcher: { state: string; data: unknown };
  className?: string;
}) {
  const message = fetcher.state === "idle" ? unansweredMessageOf(fetcher.data) : null;
  if (!message) return null;
  return (
    <p
      role="alert"
      className={`rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800 ${className}`}
    >
      {message}
      <LogInLink shown={asksToLogIn(message)} />
    </p>
  );
}

/** The hidden field that tells this form apart from others on the page. */
export function IntentField({ value }: { value: string }) {
  return <input type="hidden" name={INTENT_FIELD} value={value} />;
}

/**
 * True while a form posting to `action` (this route's own action unless given) — with this
 * intent, when given — is being submitted or its redirect is loading. Another form on the page
 * (Logout in the menu, say) leaves this one alone.
 */
export function useIsSubmitting({ intent, action }: { intent?: string; action?: string } = {}) {
  const navigation = useNavigation();
  const ownAction = useFormAction(action);
  if (navigation.state === "idle" || !navigation.formMethod || !navigation.formAction) return false;
  if (navigation.formMethod.toUpperCase() === "GET") return false;
  if (pathOf(navigation.formAction) !== pathOf(ownAction)) return false;
  return intent === undefined || navigation.formData?.get(INTENT_FIELD) === intent;
}

function pathOf(action: string): string {
  return new URL(action, "http://site.invalid").pathname;
}

type SubmitButtonProps = {
  children: ReactNode;
  pendingText: string;
  intent?: string;
  /** The form's action when it posts somewhere other than this route. */
  action?: string;
  /** Overrides the navigation's state, for fetcher forms. */
  pending?: boolean;
  variant?: "primary" | "light" | "danger";
  /** The id of the form this button submits, when it stands outside it. */
  form?: string;
  className?: string;
};

/** The form's button: disabled and relabelled ("Logging in…") while the form is on its way. */
export function SubmitButton({
  children,
  pendingText,
  intent,
  action,
  pending: pendingOverride,
  variant = "primary",
  form,
  className = "",
}: SubmitButtonProps) {
  const submitting = useIsSubmitting({ intent, action });
  const pending = pendingOverride ?? submitting;
  return (
    <button
      type="submit"
      form={form}
      disabled={pending}
      className={`${buttonClass(variant)} disabled:cursor-wait disabled:opacity-70 ${className}`}
    >
      {pending ? pendingText : children}
    </button>
  );
}

export function buttonClass(variant: "primary" | "light" | "danger"): string {
  switch (variant) {
    case "light":
      return "button-light";
    case "danger":
      return "button bg-red-700 text-white hover:bg-red-800";
    default:
      return "button-primary";
  }
}
