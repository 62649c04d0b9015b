import type { FormMetadata, SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { AppForm } from "../app-form.tsx";
import { IntentField, SubmitButton } from "../form-fields.tsx";
import { Modal } from "../modal.tsx";
import { responsiveImage } from "../../lib/images.ts";
import type { SavedMeanwhile } from "../../lib/changed-meanwhile.ts";
import { LoadedValuesField, SavedMeanwhileNote } from "./edit-conflict.tsx";

/**
 * `?photo={id}` on an entry's or a gallery's screen: the photo, the fields given as children,
 * Cancel and Save (the intent `save-photo`, posted back to the same screen). The form's message
 * shows only while no field has an error.
 */
export function EditPhotoModal({
  photo,
  here,
  form,
  loaded,
  refusal,
  savedMeanwhile,
  children,
}: {
  photo: { id: number; image_url: string };
  here: string;
  form: FormMetadata<Record<string, unknown>, string[]>;
  /** The photo's fields as saved when the dialog opened, so a save can tell what changed meanwhile. */
  loaded: Record<string, string>;
  /** The last Save, when it was refused: the dialog sends again what that one was loaded with. */
  refusal: SubmissionResult<string[]> | null | undefined;
  /** The last Save was stopped: someone else saved these meanwhile (record 053). */
  savedMeanwhile?: readonly SavedMeanwhile[] | null;
  children: ReactNode;
}) {
  return (
    <Modal title="Edit Photo" closeTo={here}>
      <img
        {...responsiveImage(photo.image_url, "20rem")}
        alt=""
        className="mb-5 max-h-40 w-auto rounded-lg bg-sand ring-1 ring-brand-100"
      />
      {savedMeanwhile ? <SavedMeanwhileNote values={savedMeanwhile} className="mb-5" /> : null}
      <AppForm
        form={form}
        messageAlone
        action={`?photo=${photo.id}`}
        preventScrollReset
        className="space-y-5"
      >
        <IntentField value="save-photo" />
        <input type="hidden" name="id" value={photo.id} />
        <LoadedValuesField values={loaded} refusal={refusal} />
        {children}
        <div className="flex flex-wrap justify-end gap-3">
          <Link to={here} preventScrollReset className="button-light">
            Cancel
          </Link>
          <SubmitButton intent="save-photo" pendingText="Saving…">
            Save
          </SubmitButton>
        </div>
      </AppForm>
    </Modal>
  );
}
