import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Fragment } from "react";
import { Form, Link } from "react-router";
import {
  CreateWidgetSchema,
  WIDGET_FORM_FIELDS,
  WIDGET_TYPE_LABELS,
  WIDGET_TYPES,
  WidgetFormSchema,
  type AdminWidget,
  type WidgetType,
} from "../../lib/admin-widgets.ts";
import type { DraftBanner } from "../../lib/drafts.ts";
import type { EditConflict } from "../../lib/history.ts";
import { useAppForm } from "../../lib/use-app-form.ts";
import type { Flash } from "../flash-message.tsx";
import { FlashMessage } from "./admin-flash-message.tsx";
import {
  FormMessage,
  IntentField,
  SelectField,
  SubmitButton,
  TextField,
  firstInvalidField,
  formMessageOf,
} from "../form-fields.tsx";
import { ImageIcon, TextIcon } from "./admin-icons.tsx";
import { ConfirmDialog, Modal } from "../modal.tsx";
import { RichTextEditor } from "../rich-text-editor.tsx";
import { ScreenHeading } from "../side-menu.tsx";
import { AdminToolbar, SaveOrDeleteButtons } from "./admin-entry-parts.tsx";
import { Autosave, DraftNotice } from "./autosave.tsx";
import { EditConflictScreen, HistoryLink, TheirValues, VersionField } from "./edit-conflict.tsx";
import { ImageChooser } from "./image-chooser.tsx";

const LIST_PATH = "/admin/widgets";
const NAME_HINT = "The name a page shows it by: letters, digits, _ and - only, such as AboutText4.";

/** /admin/widgets (spec §2.5): every widget as a card, and the Add Widget modal. */
export function AdminWidgetList({
  widgets,
  flash,
  adding,
  createResult,
}: {
  widgets: AdminWidget[];
  flash: Flash | null;
  adding: boolean;
  createResult?: SubmissionResult<string[]> | null;
}) {
  return (
    <>
      <AdminToolbar backTo="/admin">
        <Link to="?add=1" preventScrollReset className="button-primary">
          Add Widget
        </Link>
      </AdminToolbar>
      <ScreenHeading title="Widgets">
        The named blocks of text and pictures on the public pages. Choose one to change what
        visitors read or see there.
      </ScreenHeading>
      <FlashMessage flash={flash} className="mt-6" />

      <div className="mt-8">
        {widgets.length === 0 ? (
          <p className="rounded-2xl bg-sand/60 p-8 text-center text-muted">
            There are no widgets yet. Add the first one.
          </p>
        ) : (
          <ul
            aria-label="Widgets"
            className="grid grid-cols-[repeat(auto-fill,minmax(15rem,1fr))] gap-4"
          >
            {widgets.map((widget) => (
              <li key={widget.id}>
                <WidgetCard widget={widget} />
              </li>
            ))}
          </ul>
        )}
      </div>

      {adding ? <AddWidgetModal result={createResult} /> : null}
    </>
  );
}

function WidgetCard({ widget }: { widget: AdminWidget }) {
  const Icon = widget.type === "IMAGE" ? ImageIcon : TextIcon;
  return (
    <Link
      to={`${LIST_PATH}/${widget.id}`}
      className="flex h-full items-center gap-3 rounded-xl bg-white px-3 py-4 text-ink no-underline shadow-sm ring-1 ring-brand-100 transition-colors hover:bg-brand-50 hover:ring-brand-200"
    >
      <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700">
        <Icon className="size-5" />
      </span>
      <span className="min-w-0">
        <span className="block font-semibold [overflow-wrap:anywhere]">
          <NameWithBreaks name={widget.name} />
        </span>
        <span className="block text-sm text-muted">{WIDGET_TYPE_LABELS[widget.type]}</span>
      </span>
    </Link>
  );
}

/** "OpportunitiesHeader" may wrap as "Opportunities / Header" rather than mid-word. */
function NameWithBreaks({ name }: { name: string }) {
  const words = name.split(/(?<=[a-z0-9])(?=[A-Z])|(?<=[_-])/);
  return words.map((word, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {word}
    </Fragment>
  ));
}

function AddWidgetModal({ result }: { result?: SubmissionResult<string[]> | null }) {
  const [form, fields] = useAppForm(CreateWidgetSchema, { id: "add-widget", lastResult: result });
  return (
    <Modal title="Add Widget" closeTo={LIST_PATH}>
      <Form method="post" action="?add=1" {...getFormProps(form)} className="space-y-5">
        <FormMessage form={form} />
        <IntentField value="create" />
        {/* A new widget is text (spec §4); its edit screen can make it a picture. */}
        <input type="hidden" name="type" value="TEXT" />
        <TextField
          meta={fields.name}
          label="Name"
          hint={NAME_HINT}
          formMessage={formMessageOf(form)}
          focusFirst
        />
        <div className="flex justify-end">
          <SubmitButton intent="create" pendingText="Adding…">
            Add Widget
          </SubmitButton>
        </div>
      </Form>
    </Modal>
  );
}

/**
 * /admin/widgets/{id} (spec §2.5): name, type, and the fields of the type — the rich-text
 * editor for Text, the picture and its alt text for Image. Both sets stay in the form and the
 * select shows one: with JavaScript it switches them at once (nothing typed in the other is
 * lost); without, the server shows the saved type's after Save.
 */
export function AdminWidgetEditor({
  widget,
  flash,
  saveResult,
  submittedHtml,
  deletable = false,
  confirmingDelete = false,
  conflict,
  merge,
  draft,
}: {
  widget: AdminWidget;
  flash: Flash | null;
  /** Delete Item is offered (our API's extension, for a widget no page shows). */
  deletable?: boolean;
  /** The delete step (`?confirm=delete`) is open. */
  confirmingDelete?: boolean;
  saveResult?: SubmissionResult<string[]> | null;
  /** The HTML as last submitted, so a failed save loses nothing. */
  submittedHtml?: string;
  /** A save answered 409: the conflict screen instead of the form (record 030). */
  conflict?: EditConflict;
  /** "Merge by hand": the form holds what was typed, at their version, their values beside it. */
  merge?: EditConflict;
  /** The admin's autosaved draft of this widget, if any. */
  draft?: DraftBanner | null;
}) {
  const restored = draft?.restored?.values;
  const here = `${LIST_PATH}/${widget.id}`;
  const [form, fields] = useAppForm(WidgetFormSchema, {
    id: `widget-${widget.id}`,
    lastResult: saveResult,
    defaultValue: merge?.mine ?? {
      name: restored?.name ?? widget.name,
      type: restored?.type ?? widget.type,
      alt: restored?.alt ?? widget.alt ?? "",
    },
  });
  const message = formMessageOf(form);
  const type: WidgetType = fields.type.value === "IMAGE" ? "IMAGE" : "TEXT";
  const fileErrors = form.allErrors.file ?? [];
  const focus = firstInvalidField([
    fields.name,
    fields.type,
    ...(type === "IMAGE" ? [{ name: "file", errors: fileErrors }, fields.alt] : []),
  ]);

  return (
    <>
      <AdminToolbar backTo={LIST_PATH}>
        <HistoryLink to={`${here}/history`} />
      </AdminToolbar>
      <ScreenHeading title="Edit Widget">{widget.name}</ScreenHeading>
      <FlashMessage flash={flash} hideAfterMs={3000} className="mt-6" />
      <DraftNotice draft={draft} subject="widgets" id={widget.id} here={here} />
      {conflict ? <EditConflictScreen conflict={conflict} fields={WIDGET_FORM_FIELDS} /> : null}
      {merge ? <TheirValues conflict={merge} /> : null}

      <Form
        hidden={conflict !== undefined}
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="mt-8 max-w-3xl space-y-6"
      >
        <FormMessage form={form} />
        <IntentField value="save" />
        <VersionField version={merge?.version ?? widget.version} />
        <TextField
          meta={fields.name}
          label="Name"
          hint="The public pages find this block by its name: a new name takes it off its page."
          formMessage={message}
          focusFirst={focus === fields.name.name}
        />
        <SelectField
          meta={fields.type}
          label="Type"
          hint="Text is formatted writing; Image is one picture with a description."
          options={WIDGET_TYPES.map((value) => ({ value, label: WIDGET_TYPE_LABELS[value] }))}
          focusFirst={focus === fields.type.name}
        />
        <div hidden={type !== "TEXT"}>
          <RichTextEditor
            name="html"
            label="Text"
            defaultValue={submittedHtml ?? restored?.html ?? widget.html}
            errors={form.allErrors.html}
          />
        </div>
        <div hidden={type !== "IMAGE"} className="space-y-6">
          <ImageChooser
            id="widget-file"
            name="file"
            currentUrl={widget.image_url}
            errors={fileErrors}
            emptyHint="Choose the picture to show."
            focusFirst={focus === "file"}
          />
          <TextField
            meta={fields.alt}
            label="Alt Text"
            hint="Describes the picture for people who cannot see it."
            formMessage={message}
            focusFirst={focus === fields.alt.name}
          />
        </div>
        {deletable ? (
          <SaveOrDeleteButtons deleteLabel="Delete Item" />
        ) : (
          <div className="border-t border-brand-100 pt-6">
            <SubmitButton intent="save" pendingText="Saving…">
              Save Changes
            </SubmitButton>
          </div>
        )}
        <Autosave formId={form.id} subject="widgets" id={widget.id} draft={draft} />
      </Form>
      {confirmingDelete ? <ConfirmDialog cancelTo={here} action={here} /> : null}
    </>
  );
}
