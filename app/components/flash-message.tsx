import { useEffect, useState, type ReactNode } from "react";
import { Link } from "react-router";

/**
 * A message for the next page, after a post → redirect → get (STYLE 7). `undo` names what the
 * Undo button takes back: the trash item a delete made, which it restores (record 030), or a
 * Publish or Unpublish, by the edit screen and the version it saved (record 059); `link`
 * follows the message.
 */
export type Flash = {
  kind: "success" | "error";
  message: string;
  undo?: { trashId: number } | { statusOf: string; version: number };
  /** About a photo: the edit screen shows it by its photo grid. */
  photos?: true;
  link?: { href: string; text: string };
  /**
   * What a post sent back without being done held (never a password): its screen may start its
   * form from it.
   */
  typed?: Record<string, string>;
};

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
  children,
}: {
  flash: Flash | null;
  className?: string;
  hideAfterMs?: number;
  /** Shown after the message: the admin area's Undo button. */
  children?: ReactNode;
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
      {children}
    </div>
  );
}
