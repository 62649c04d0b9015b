import { useEffect, useRef, useState } from "react";
import { useBlocker, useNavigation } from "react-router";
import type { AutosaveFailure } from "./drafts.ts";
import { INTENT_FIELD } from "./forms.ts";

/** How long after the last keystroke the draft is written. */
export const AUTOSAVE_DELAY_MS = 3000;
const WATCHED_EVENTS = ["input", "change", "keyup", "click", "paste", "drop"] as const;

/** The form's text as autosave sends it: every text field but the intent (files are left out). */
function textOf(form: HTMLFormElement): string {
  const pairs: [string, string][] = [];
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string" && name !== INTENT_FIELD) pairs.push([name, value]);
  }
  return JSON.stringify(pairs);
}

type Options = {
  /** The id of the edit form. */
  formId: string;
  /** Where the drafts go: /admin/drafts/{subject}/{id}. */
  action: string;
  /** False against a backend without drafts: nothing is watched, sent or asked. */
  enabled: boolean;
  /** The form starts from a restored draft: it differs from the saved item before any typing. */
  startsDirty: boolean;
};

/** What the draft route answered: when the draft was kept, or why not. */
type DraftAnswer = { saved_at?: string | null; failed?: AutosaveFailure };

/**
 * The form's text posted to the draft route with `fetch`, not through the router: an autosave
 * reloads no data, a dropped connection or an ended session is one failed autosave (not the
 * router's error page, nor a move to Log In, over the screen being typed in), and nothing waits
 * on the route's module being downloaded first. Resolves to what the autosave line should say.
 */
async function postDraft(action: string, body: URLSearchParams): Promise<DraftAnswer> {
  try {
    const response = await fetch(action, {
      method: "POST",
      body,
      headers: { Accept: "application/json" },
      redirect: "manual",
    });
    // The draft route redirects only for the session statuses: to Log In, mostly (record 049).
    if (response.type === "opaqueredirect") return { failed: "signedOut" };
    const type = response.headers.get("Content-Type") ?? "";
    const answer = type.includes("json") ? ((await response.json()) as DraftAnswer) : {};
    return response.ok || answer.failed ? answer : { failed: "unavailable" };
  } catch {
    return { failed: "unavailable" };
  }
}

/**
 * Autosave (record 030), JavaScript only: once the form differs from what was loaded, its text is
 * posted as the admin's draft AUTOSAVE_DELAY_MS after the typing stops. Leaving with unsaved
 * changes asks first: the browser's own prompt on close or reload, and `blocker` for a link in
 * the app (a Save submission is never held up).
 */
export function useAutosave({ formId, action, enabled, startsDirty }: Options) {
  const navigation = useNavigation();
  const baseline = useRef<string | null>(null);
  const dirtyFromStart = useRef(startsDirty);
  const lastSent = useRef<string | null>(null);
  const submitting = useRef(false);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  // A failure is told until the next autosave that works.
  const [failed, setFailed] = useState<AutosaveFailure | null>(null);

  const formOf = () => document.getElementById(formId) as HTMLFormElement | null;
  const isDirty = () => {
    const form = formOf();
    if (!enabled || !form || submitting.current) return false;
    if (dirtyFromStart.current) return true;
    return baseline.current !== null && textOf(form) !== baseline.current;
  };

  useEffect(() => {
    const form = formOf();
    if (!enabled || !form) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let autosaves = 0;
    // What was loaded, taken as the person first reaches the form (the rich-text editor has
    // settled its HTML by then).
    const remember = () => {
      baseline.current ??= textOf(form);
    };
    const save = () => {
      if (submitting.current) return;
      const text = textOf(form);
      if (text === lastSent.current) return;
      const changed = dirtyFromStart.current || text !== baseline.current;
      if (!changed && lastSent.current === null) return;
      lastSent.current = text;
      const body = new URLSearchParams(
        changed ? (JSON.parse(text) as [string, string][]) : [[INTENT_FIELD, "discard"]],
      );
      const sent = ++autosaves;
      void postDraft(action, body).then((answer) => {
        // An earlier autosave that answers late says nothing over a later one.
        if (sent !== autosaves) return;
        setFailed(answer.failed ?? null);
        if (answer.saved_at) setSavedAt(answer.saved_at);
      });
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(save, AUTOSAVE_DELAY_MS);
    };
    const onSubmit = () => {
      submitting.current = true;
      clearTimeout(timer);
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!isDirty()) return;
      event.preventDefault();
      event.returnValue = "";
    };
    form.addEventListener("focusin", remember);
    form.addEventListener("pointerdown", remember);
    form.addEventListener("submit", onSubmit);
    for (const type of WATCHED_EVENTS) form.addEventListener(type, schedule);
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      clearTimeout(timer);
      form.removeEventListener("focusin", remember);
      form.removeEventListener("pointerdown", remember);
      form.removeEventListener("submit", onSubmit);
      for (const type of WATCHED_EVENTS) form.removeEventListener(type, schedule);
      window.removeEventListener("beforeunload", onBeforeUnload);
    };
    // formOf and isDirty read refs only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, formId, action]);

  // A save that came back with errors leaves the screen as it was: changes are unsaved again.
  useEffect(() => {
    if (navigation.state === "idle") submitting.current = false;
  }, [navigation.state]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && isDirty(),
  );

  return { savedAt, failed, blocker };
}
