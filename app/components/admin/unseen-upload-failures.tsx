import { Link } from "react-router";
import { dismissUnseenUploadFailures, useUnseenUploadFailures } from "../../lib/unseen-uploads.ts";
import { buttonClass } from "../form-fields.tsx";

/**
 * On whichever admin screen staff are on: the photos that failed to upload after they had left
 * the screen they were sent from, each with the way back to send it again.
 */
export function UnseenUploadFailures() {
  const failures = useUnseenUploadFailures();
  if (failures.length === 0) return null;
  const one = failures.length === 1;
  return (
    <div role="alert" className="mb-8 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">
        {one
          ? "A photo was not added. It was still uploading when you left its screen:"
          : `${failures.length} photos were not added. They were still uploading when you left their screen:`}
      </p>
      <ul className="mt-2 space-y-2">
        {failures.map((failure) => (
          <li key={failure.id}>
            <span className="font-medium break-all">{failure.fileName}</span>, for “
            {failure.subject}”: {failure.reason}{" "}
            <Link to={failure.screen} className="font-semibold underline">
              Send it again from “{failure.subject}”
            </Link>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={dismissUnseenUploadFailures}
        className={`${buttonClass("light")} mt-3`}
      >
        Dismiss
      </button>
    </div>
  );
}
