import { useEffect, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { IntentField, SubmitButton } from "./form-fields.tsx";

/**
 * A message for the next page, after a post → redirect → get (STYLE 7). `undo` names the trash
 * item a delete made, which the Undo button restores (record 030); `link` follows the message.
 */
export type Flash = {
  kind: "success" | "error";
  message: string;
  undo?: { trashId: number };
  link?: { href: string; text: string };
};

/** Where the Undo button posts: the Trash screen's restore. */
export const UNDO_ACTION = "/admin/trash";

/**
 * The message a post → redirect → get left for this page (success in green, error in red).
 * With `hideAfterMs`, JavaScript takes a success message away after that long (spec §9: 3000 ms
 * for the contact banner and save confirmations); without JavaScript it stays. A message with
 * Undo stays until the page changes.
 */
export function FlashMessage({
  flash,
  className = "",
  hideAfterMs,
}: {
  flash: Flash | null;
  className?: string;
  hideAfterMs?: number;
}) {
  const [hiddenFlash, setHiddenFlash] = useState<Flash | null>(null);
  useEffect(() => {
    if (!flash || flash.kind !== "success" || hideAfterMs === undefined || flash.undo) return;
    const timer = setTimeout(() => setHiddenFlash(flash), hideAfterMs);
    return () => clearTimeout(timer);
  }, [flash, hideAfterMs]);

  if (!flash || hiddenFlash === flash) return null;
  const tone =
    flash.kind === "success"
      ? "border-brand-600/30 bg-brand-50 text-brand-900"
      : "border-red-200 bg-red-50 text-red-800";
  return (
    <div
      role={flash.kind === "success" ? "status" : "alert"}
      className={`flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border px-4 py-3 font-medium ${tone} ${className}`}
    >
      <p>
        {flash.message}
        {flash.link ? (
          <>
            {" "}
            <Link to={flash.link.href} className="underline">
              {flash.link.text}
            </Link>
          </>
        ) : null}
      </p>
      {flash.undo ? <UndoForm trashId={flash.undo.trashId} /> : null}
    </div>
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
