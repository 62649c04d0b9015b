import { useFetcher } from "react-router";
import type { EntryKind } from "../../lib/api-types.ts";
import { IntentField, UnansweredNote } from "../form-fields.tsx";

/** The intent of the edit screen's post that stops an old address from redirecting. */
export const REMOVE_REDIRECT_INTENT = "remove-redirect";

const FORM_ID = "remove-redirect";
/** One fetcher shared by the buttons and the form they submit, which live apart. */
const FETCHER_KEY = "remove-redirect";

/**
 * Under the slug field: the addresses an item had before it was renamed, each redirecting here
 * (record 025), with a button that removes the redirect and frees the slug. The buttons sit in
 * the edit form but submit `RemoveRedirectForm`, rendered after it (forms cannot nest), with the
 * slug as the button's value: a plain post without JavaScript, a fetcher with it. Nothing shows
 * when the item has no old address or the API does not keep them.
 */
export function OldAddresses({
  kind,
  slugs,
}: {
  kind: EntryKind;
  slugs: readonly string[] | undefined;
}) {
  const remove = useFetcher({ key: FETCHER_KEY });
  if (!slugs || slugs.length === 0) return null;
  const busy = remove.state !== "idle";
  return (
    <div aria-busy={busy || undefined} className="rounded-xl bg-sand/50 px-4 py-3">
      <p id="old-addresses" className="font-medium text-ink">
        Old addresses redirect here
      </p>
      <p className="text-sm text-muted">
        Links to them lead visitors to this item. Another item can take one of these addresses once
        its redirect is removed.
      </p>
      <ul aria-labelledby="old-addresses" className="mt-2 space-y-1.5">
        {slugs.map((slug) => {
          const address = `/${kind}/${slug}`;
          return (
            <li key={slug} className="flex flex-wrap items-center justify-between gap-2">
              <code className="rounded bg-white px-1.5 py-0.5 break-all">{address}</code>
              <button
                type="submit"
                form={FORM_ID}
                name="slug"
                value={slug}
                disabled={busy}
                aria-label={`Remove redirect from ${address}`}
                className="rounded-full px-3 py-1 text-sm font-semibold text-red-700 ring-1 ring-red-200 hover:bg-red-50 disabled:cursor-wait disabled:opacity-60"
              >
                Remove redirect
              </button>
            </li>
          );
        })}
      </ul>
      <UnansweredNote fetcher={remove} className="mt-2" />
    </div>
  );
}

/** The form the "Remove redirect" buttons submit, outside the edit form; `here` is the edit screen. */
export function RemoveRedirectForm({ here }: { here: string }) {
  const remove = useFetcher({ key: FETCHER_KEY });
  return (
    <remove.Form
      id={FORM_ID}
      method="post"
      action={here}
      preventScrollReset
      hidden
      onSubmit={() => remove.reset()}
    >
      <IntentField value={REMOVE_REDIRECT_INTENT} />
    </remove.Form>
  );
}
