import { useEffect, useState } from "react";

/** A message for the next page, after a post → redirect → get (STYLE 7). */
export type Flash = { kind: "success" | "error"; message: string };

/**
 * The message a post → redirect → get left for this page (success in green, error in red).
 * With `hideAfterMs`, JavaScript takes a success message away after that long (spec §9: 3000 ms
 * for the contact banner and save confirmations); without JavaScript it stays.
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
    if (!flash || flash.kind !== "success" || hideAfterMs === undefined) return;
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
      className={`rounded-xl border px-4 py-3 font-medium ${tone} ${className}`}
    >
      {flash.message}
    </div>
  );
}
