/** The honeypot's field name; the server checks it (forms.server.ts). */
export const HONEYPOT_FIELD = "name__confirm";

/**
 * A field people never see or reach (public forms, STYLE 8): bots that fill every input give
 * themselves away. Off-screen rather than `display: none`, which some bots skip.
 */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={`${HONEYPOT_FIELD}-input`}>Please leave this field empty</label>
      <input
        id={`${HONEYPOT_FIELD}-input`}
        name={HONEYPOT_FIELD}
        type="text"
        defaultValue=""
        autoComplete="off"
        tabIndex={-1}
      />
    </div>
  );
}
