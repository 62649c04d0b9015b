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
      {undo ? <UndoForm trashId={undo.trashId} /> : null}
    </SiteFlashMessage>
  );
}

/** A real form: without JavaScript it posts and the Trash screen's action brings the user back. */
function UndoForm({ trashId }: { trashId: number }) {
  const location = useLocation();
  return (
    <Form method="post" action={UNDO_ACTION} className="ml-auto">
      <IntentField value="restore" />
      <input type="hidden" name="id" value={trashId} />
      <input type="hidden" name="back" value={location.pathname + location.search} />
      <SubmitButton
        intent="restore"
        action={UNDO_ACTION}
        pendingText="Restoring…"
        variant="light"
        className="!py-1.5"
      >
        Undo
      </SubmitButton>
    </Form>
  );
}
