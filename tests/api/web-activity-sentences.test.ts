// What the Activity screen says of a line (app/lib/admin-activity.ts), for the kinds the trash
// gained in records 055 and 056, and a user's two-factor sign-in turned off by staff (063).
import { describe, expect, it } from "vitest";
import { activitySentence, type ActivityLine } from "../../app/lib/admin-activity.ts";

const line = (fields: Partial<ActivityLine>): ActivityLine => ({
  id: 1,
  action: "deleted",
  subject: "user",
  subject_id: 7,
  title: "Ada Mensah",
  link: "/admin/trash",
  user: { id: 1, name: "Site Admin" },
  created_at: "2026-11-28T01:00:00.000Z",
  ...fields,
});

describe("activitySentence", () => {
  it("says a user was moved to the trash, and that one deleted before the trash was deleted", () => {
    expect(activitySentence(line({}))).toBe("Moved user “Ada Mensah” to the trash");
    expect(activitySentence(line({ link: null }))).toBe("Deleted user “Ada Mensah”");
    expect(activitySentence(line({ action: "restored", link: "/admin/users/7" }))).toBe(
      "Restored user “Ada Mensah” from the trash",
    );
  });

  it("says unsaved changes were discarded, restored or deleted for good", () => {
    const draft = { subject: "draft", title: "Unsaved changes to “Spring fair”" };
    expect(activitySentence(line(draft))).toBe("Discarded unsaved changes to “Spring fair”");
    expect(activitySentence(line({ ...draft, action: "restored" }))).toBe(
      "Restored unsaved changes to “Spring fair” from the trash",
    );
    expect(activitySentence(line({ ...draft, action: "purged" }))).toBe(
      "Deleted unsaved changes to “Spring fair” for good",
    );
  });

  it("says staff turned off a user's two-factor sign-in, apart from a member turning off their own", () => {
    const turnedOff = line({ action: "two_factor_turned_off", link: "/admin/users/7" });
    expect(activitySentence(turnedOff)).toBe("Turned off two-factor sign-in for user “Ada Mensah”");
    expect(activitySentence(line({ action: "two_factor_disabled", subject: "account" }))).toBe(
      "Turned off two-factor authentication",
    );
  });
});
