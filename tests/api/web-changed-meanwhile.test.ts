// Saves of screens without versions (record 053): the web tier merges the posted form with the
// item as saved now, field by field, against the values the form was loaded with.
import type { SubmissionResult } from "@conform-to/react";
import { describe, expect, it } from "vitest";
import {
  LOADED_VALUES_FIELD,
  loadedValuesText,
  mergeChangedMeanwhile,
  postedWithRefusal,
} from "../../app/lib/changed-meanwhile.ts";
import { holdsWhatWasTyped } from "../../app/lib/history.server.ts";

const LOADED = { firstname: "Ann", lastname: "Lee", role: "user" };

function posted(typed: Record<string, string>, loaded: string | null = loadedValuesText(LOADED)) {
  const form = new FormData();
  form.set("intent", "save");
  for (const [field, value] of Object.entries(typed)) form.set(field, value);
  if (loaded !== null) form.set(LOADED_VALUES_FIELD, loaded);
  return form;
}

const valuesOf = (form: FormData) => ({
  firstname: form.get("firstname"),
  lastname: form.get("lastname"),
  role: form.get("role"),
});

describe("mergeChangedMeanwhile", () => {
  it("keeps what was typed when nobody else changed anything", () => {
    const { merged, conflicts } = mergeChangedMeanwhile(
      posted({ ...LOADED, firstname: "Anne" }),
      LOADED,
    );
    expect(conflicts).toEqual([]);
    expect(valuesOf(merged)).toEqual({ ...LOADED, firstname: "Anne" });
    expect(merged.get("intent")).toBe("save");
  });

  it("takes their value for a field this form left alone", () => {
    const { merged, conflicts } = mergeChangedMeanwhile(posted({ ...LOADED, firstname: "Anne" }), {
      ...LOADED,
      role: "admin",
    });
    expect(conflicts).toEqual([]);
    expect(valuesOf(merged)).toEqual({ firstname: "Anne", lastname: "Lee", role: "admin" });
  });

  it("names a field both changed to different values, and not one both changed alike", () => {
    const { merged, conflicts } = mergeChangedMeanwhile(
      posted({ firstname: "Anne", lastname: "Leigh", role: "user" }),
      { firstname: "Annie", lastname: "Leigh", role: "user" },
    );
    expect(conflicts).toEqual(["firstname"]);
    // What was typed stays, and the next save compares with what is saved now.
    expect(valuesOf(merged)).toEqual({ firstname: "Anne", lastname: "Leigh", role: "user" });
    expect(JSON.parse(String(merged.get(LOADED_VALUES_FIELD)))).toEqual({
      firstname: "Annie",
      lastname: "Leigh",
      role: "user",
    });
  });

  it("takes a form without loaded values, or with unreadable ones, as it is", () => {
    for (const loaded of [null, "not json", "42", JSON.stringify({ firstname: 7 })]) {
      const { merged, conflicts } = mergeChangedMeanwhile(
        posted({ ...LOADED, firstname: "Anne" }, loaded),
        { ...LOADED, role: "admin" },
      );
      expect(conflicts).toEqual([]);
      expect(valuesOf(merged)).toEqual({ ...LOADED, firstname: "Anne" });
    }
  });
});

describe("postedWithRefusal", () => {
  const refusal = (initialValue: Record<string, string>): SubmissionResult<string[]> => ({
    status: "error",
    initialValue,
    error: { "": ["Refused."] },
  });

  it("gives a hidden field as the refused save posted it", () => {
    expect(postedWithRefusal(refusal({ version: "0" }), "version")).toBe("0");
    expect(postedWithRefusal(refusal({ [LOADED_VALUES_FIELD]: "{}" }), LOADED_VALUES_FIELD)).toBe(
      "{}",
    );
  });

  it("gives nothing without a refusal, or when the refusal does not carry the field", () => {
    expect(postedWithRefusal(null, "version")).toBeUndefined();
    expect(postedWithRefusal(undefined, "version")).toBeUndefined();
    expect(postedWithRefusal({ status: "success" }, "version")).toBeUndefined();
    expect(postedWithRefusal(refusal({ title: "Typed" }), "version")).toBeUndefined();
    expect(postedWithRefusal(refusal({ version: "" }), "version")).toBeUndefined();
    expect(postedWithRefusal({ status: "error", error: { "": ["No answer."] } }, "version")).toBe(
      undefined,
    );
  });
});

describe("holdsWhatWasTyped", () => {
  const conflict = (mine: Record<string, string>, theirs: Record<string, string>) => ({
    version: 4,
    loadedVersion: 3,
    by: "Ada",
    savedAt: "2026-12-05T12:00:00.000Z",
    mine,
    theirs,
    pictureChosen: false,
  });

  it("holds when every typed field is saved as typed, whatever else theirs has", () => {
    const saved = conflict({ title: "Same" }, { title: "Same", status: "published" });
    expect(holdsWhatWasTyped(saved)).toBe(true);
  });

  it("does not when a field differs or is missing from theirs, nothing was typed, or a picture was chosen", () => {
    expect(holdsWhatWasTyped(conflict({ title: "Mine" }, { title: "Theirs" }))).toBe(false);
    expect(holdsWhatWasTyped(conflict({ title: "" }, {}))).toBe(false);
    expect(holdsWhatWasTyped(conflict({}, { title: "Theirs" }))).toBe(false);
    const withPicture = { ...conflict({ title: "Same" }, { title: "Same" }), pictureChosen: true };
    expect(holdsWhatWasTyped(withPicture)).toBe(false);
  });
});
