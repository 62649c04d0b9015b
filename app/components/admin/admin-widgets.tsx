import type { SubmissionResult } from "@conform-to/react";
import { Fragment } from "react";
import { Link } from "react-router";
import {
  CreateWidgetSchema,
  WIDGET_FORM_FIELDS,
  WIDGET_TYPE_LABELS,
  WIDGET_TYPES,
  WidgetFormSchema,
  widgetFormValues,
  widgetScreenPath,
  type AdminWidget,
  type WidgetLocation,
  type WidgetType,
} from "../../lib/admin-widgets.ts";
import type { SavedMeanwhile } from "../../lib/changed-meanwhile.ts";
import type { DraftBanner, KeptAtSignOut } from "../../lib/drafts.ts";
import type { EditConflict } from "../../lib/history.ts";
import { useAppForm } from "../../lib/use-app-form.ts";
import type { Flash } from "../flash-message.tsx";
import { FlashMessage } from "./admin-flash-message.tsx";
import { FormMessage, IntentField, SelectField, SubmitButton, TextField } from "../form-fields.tsx";
import { AppForm } from "../app-form.tsx";
import { ImageIcon, TextIcon } from "./admin-icons.tsx";
import { AdminListSearch, emptyListText } from "./admin-list-search.tsx";
import { ConfirmDialog } from "../modal.tsx";
import { RichTextEditor } from "../rich-text-editor.tsx";
import { ScreenHeading } from "../side-menu.tsx";
import {
  AddItemLink,
  AddItemModal,
  AdminToolbar,
  SaveOrDeleteButtons,
} from "./admin-entry-parts.tsx";
import { Autosave, DraftNotice } from "./autosave.tsx";
import {
  EditConflictScreen,
  HistoryLink,
  LoadedValuesField,
  SavedMeanwhileNote,
  TheirValues,
  VersionField,
} from "./edit-conflict.tsx";
import { ImageChooser } from "./image-chooser.tsx";

const LIST_PATH = "/admin/widgets";
const NAME_HINT = "The name a page shows it by: letters, digits, _ and - only, such as AboutText4.";
const FIXED_NAME_HINT =
  "A page of the site shows this block by its name, so the name cannot be changed.";

/**
 * /admin/widgets (spec §2.5): every widget as a card, with where the site shows it, the search
 * box, and the Add Widget modal.
 */
export function AdminWidgetList({
  widgets,
  search = "",
  flash,
  adding,
  keptAdd,
  createResult,
  unavailable = false,
}: {
  widgets: AdminWidget[];
  /** The list's search (`?q=`), "" for none: `widgets` are then the ones that match. */
  search?: string;
  flash: Flash | null;
  adding: boolean;
  /** What an Add sent after the session ended, kept over Log In: the modal starts from it. */
  keptAdd?: KeptAtSignOut | null;
  createResult?: SubmissionResult<string[]> | null;
  /** The list could not be read: a message in its place, the rest of the screen as ever. */
  unavailable?: boolean;
}) {
  return (
    <>
      <AdminToolbar backTo="/admin">
        <AddItemLink>Add Widget</AddItemLink>
      </AdminToolbar>
      <ScreenHeading title="Widgets">
        The named blocks of text and pictures on the public pages. Choose one to change what
        visitors read or see there.
      </ScreenHeading>
      <FlashMessage flash={flash} className="mt-6" />
      <div className="mt-6">
        <AdminListSearch search={search} label="Search widgets" />
      </div>

      <div className="mt-8">
        {widgets.length === 0 ? (
          <p className="rounded-2xl bg-sand/60 p-8 text-center text-muted">
            {emptyListText(search, "There are no widgets yet. Add the first one.", unavailable)}
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

      {adding ? (
        <AddItemModal
          title="Add Widget"
          schema={CreateWidgetSchema}
          fieldName="name"
          label="Name"
          hint={NAME_HINT}
          result={createResult}
          kept={keptAdd}
        >
          {/* A new widget is text (spec §4); its edit screen can make it a picture. */}
          <input type="hidden" name="type" value="TEXT" />
        </AddItemModal>
      ) : null}
    </>
  );
}

/**
 * A widget's card: the whole card opens its edit screen (the name's link, stretched over it),
 * and the page it shows on has a link of its own above that.
 */
function WidgetCard({ widget }: { widget: AdminWidget }) {
  const Icon = widget.type === "IMAGE" ? ImageIcon : TextIcon;
  return (
    <div className="relative flex h-full flex-col gap-2 rounded-xl bg-white px-3 py-4 text-ink shadow-sm ring-1 ring-brand-100 transition-colors has-[a:hover]:bg-brand-50 has-[a:hover]:ring-brand-200">
      <Link
        to={`${LIST_PATH}/${widget.id}`}
        className="flex items-center gap-3 text-ink no-underline after:absolute after:inset-0 after:rounded-xl"
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
      {widget.location ? (
        <p className="relative z-10 pl-[3.25rem] text-sm">
          <WidgetPlace location={widget.location} />
        </p>
      ) : null}
    </div>
  );
}

/** "About page, first block", the page a link to it. */
function WidgetPlace({ location }: { location: WidgetLocation }) {
  return (
    <>
      <Link
        to={location.path}
        className="font-semibold text-brand-700 underline underline-offset-4 hover:no-underline"
      >
        {location.page}
      </Link>
      , {location.place}
    </>
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
  returnTo = null,
  conflict,
  merge,
  draft,
  gone = false,
  savedMeanwhile,
}: {
  widget: AdminWidget;
  flash: Flash | null;
  /** The page the screen was opened from (the pencil's `?returnTo=`): Go Back leads there. */
  returnTo?: string | null;
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
  /** The save found the widget deleted: no History or Delete, which would end on the 404 page. */
  gone?: boolean;
  /** Without versions, a save stopped by a colleague's change to the same field (record 057). */
  savedMeanwhile?: SavedMeanwhile[];
}) {
  const restored = draft?.restored?.values;
  const here = widgetScreenPath(widget.id, returnTo);
  const [form, fields] = useAppForm(WidgetFormSchema, {
    id: `widget-${widget.id}`,
    lastResult: saveResult,
    // The picture's `file` is not parsed here; the editor's `html` cannot take the focus.
    fieldOrder: ["name", "type", "file", "alt", "html"],
    defaultValue: merge?.mine ?? {
      name: (widget.renamable ? restored?.name : undefined) ?? widget.name,
      type: restored?.type ?? widget.type,
      alt: restored?.alt ?? widget.alt ?? "",
    },
  });
  const type: WidgetType = fields.type.value === "IMAGE" ? "IMAGE" : "TEXT";
  const fileErrors = form.allErrors.file ?? [];

  return (
    <>
      <AdminToolbar backTo={returnTo ?? LIST_PATH}>
        {gone ? null : <HistoryLink to={`${LIST_PATH}/${widget.id}/history`} />}
      </AdminToolbar>
      <ScreenHeading title="Edit Widget">{widget.name}</ScreenHeading>
      {widget.location ? (
        <p className="mt-3 text-muted">
          Shown on the site: <WidgetPlace location={widget.location} />.
        </p>
      ) : null}
      <FlashMessage flash={flash} hideAfterMs={3000} className="mt-6" />
      <DraftNotice draft={draft} subject="widgets" id={widget.id} here={here} />
      {conflict ? <EditConflictScreen conflict={conflict} fields={WIDGET_FORM_FIELDS} /> : null}
      {merge ? <TheirValues conflict={merge} /> : null}
      {savedMeanwhile ? <SavedMeanwhileNote values={savedMeanwhile} /> : null}

      <AppForm
        form={form}
        hidden={conflict !== undefined}
        encType="multipart/form-data"
        className="mt-8 max-w-3xl space-y-6"
      >
        <FormMessage />
        <IntentField value="save" />
        <VersionField version={merge?.version ?? widget.version} refusal={saveResult} />
        {/* Without versions (a Laravel backend), what the save compares with (record 057). */}
        {widget.version === undefined && !gone ? (
          <LoadedValuesField
            values={widgetFormValues(widget)}
            kept={restored}
            refusal={saveResult}
          />
        ) : null}
        <TextField
          meta={fields.name}
          label="Name"
          hint={
            widget.renamable
              ? "The public pages find this block by its name: a new name takes it off its page."
              : FIXED_NAME_HINT
          }
          readOnly={!widget.renamable}
        />
        <SelectField
          meta={fields.type}
          label="Type"
          hint="Text is formatted writing; Image is one picture with a description."
          options={WIDGET_TYPES.map((value) => ({ value, label: WIDGET_TYPE_LABELS[value] }))}
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
          />
          <TextField
            meta={fields.alt}
            label="Alt Text"
            hint="Describes the picture for people who cannot see it."
          />
        </div>
        {deletable && !gone ? (
          <SaveOrDeleteButtons deleteLabel="Delete Item" />
        ) : (
          <div className="border-t border-brand-100 pt-6">
            <SubmitButton intent="save" pendingText="Saving…">
              Save Changes
            </SubmitButton>
          </div>
        )}
        <Autosave formId={form.id} subject="widgets" id={widget.id} draft={draft} />
      </AppForm>
      {confirmingDelete ? (
        <ConfirmDialog cancelTo={here} action={here} subject={`the widget “${widget.name}”`} />
      ) : null}
    </>
  );
}
