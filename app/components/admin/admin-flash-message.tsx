import { Form, useLocation } from "react-router";
import { FlashMessage as SiteFlashMessage, type Flash } from "../flash-message.tsx";
import { IntentField, LogInLink, SubmitButton } from "../form-fields.tsx";
import { asksToLogIn } from "../../lib/unanswered-posts.ts";

/** Where the Undo button posts: the Trash screen's restore. */
export const UNDO_ACTION = "/admin/trash";

/**
 * The admin area's flash message: the site's, plus Undo after a delete (record 030), or the Log In
 * link after a post met an ended session (record 049). Kept apart so visitors' pages do not carry
 * the form's code.
 */
export function FlashMessage(props: {
  flash: Flash | null;
  className?: string;
  hideAfterMs?: number;
}) {
  const undo = props.flash?.undo;
  return (
    <SiteFlashMessage {...props}>
      <LogInLink shown={asksToLogIn(props.flash?.message)} />
      {undo && "trashId" in undo ? (
        <UndoForm action={UNDO_ACTION} intent="restore" fields={{ id: String(undo.trashId) }} />
      ) : null}
      {undo && "statusOf" in undo ? (
        <UndoForm
          action={undo.statusOf}
          intent="undo-status"
          fields={{ version: String(undo.version) }}
        />
      ) : null}
    </SiteFlashMessage>
  );
}

/**
 * A real form: without JavaScript it posts, and the action (the Trash screen's restore, or the
 * edit screen's undo of a Publish or Unpublish) brings the user back.
 */
function UndoForm({
  action,
  intent,
  fields,
}: {
  action: string;
  intent: string;
  fields: Record<string, string>;
}) {
  const location = useLocation();
  return (
    <Form method="post" action={action} className="ml-auto">
      <IntentField value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="back" value={location.pathname + location.search} />
      <SubmitButton
        intent={intent}
        action={action}
        pendingText={intent === "restore" ? "Restoring…" : "Undoing…"}
        variant="light"
        className="!py-1.5"
      >
        Undo
      </SubmitButton>
    </Form>
  );
}
