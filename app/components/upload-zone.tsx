import { lazy, Suspense, useId } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

// FilePond (and its stylesheet) load only once an admin page runs JavaScript. If its file cannot
// be fetched (a page left open across a deployment), the plain form stays.
const FilePondZone = lazy(() =>
  import("./upload-zone-filepond.tsx").catch(() => ({ default: UploadForm })),
);

export type UploadZoneProps = {
  /** Where each file is posted (field `file`, plus `fields`). */
  action: string;
  fields?: Record<string, string>;
  /** e.g. "Upload Photos". */
  label: string;
  maxFileBytes: number;
  /** After each file the action accepted (e.g. a revalidation). */
  onUploaded?: () => void;
  /** What the photos are for (the post's title): named if one fails once staff have left. */
  subject: string;
};

/**
 * A drop zone for images. Without JavaScript it is a plain multipart form (`file`, several at
 * once, plus `fields`) with an Upload button; after hydration FilePond posts each file on its
 * own to the same action with `Accept: application/json`, two at a time, with progress.
 */
export function UploadZone(props: UploadZoneProps) {
  const hydrated = useHydrated();
  const form = <UploadForm {...props} />;
  if (!hydrated) return form;
  return (
    <Suspense fallback={form}>
      <FilePondZone {...props} />
    </Suspense>
  );
}

function UploadForm({ action, fields, label }: UploadZoneProps) {
  const inputId = useId();
  return (
    <form
      method="post"
      encType="multipart/form-data"
      action={action}
      className="flex flex-wrap items-end gap-3 rounded-xl border-2 border-dashed border-muted/40 bg-white p-4"
    >
      {Object.entries(fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="min-w-0 flex-1 basis-56">
        <label htmlFor={inputId} className="block font-medium text-ink">
          {label}
        </label>
        <input
          id={inputId}
          type="file"
          name="file"
          multiple
          accept="image/*"
          required
          className="mt-1.5 block w-full text-sm text-muted file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
        />
      </div>
      <button type="submit" className="button-primary">
        Upload
      </button>
    </form>
  );
}
