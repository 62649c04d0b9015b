/** A message for the next page, after a post → redirect → get (STYLE 7). */
export type Flash = { kind: "success" | "error"; message: string };

/** The message a post → redirect → get left for this page (success in green, error in red). */
export function FlashMessage({
  flash,
  className = "",
}: {
  flash: Flash | null;
  className?: string;
}) {
  if (!flash) return null;
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
