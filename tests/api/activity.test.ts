import { createHash } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { type Caller, clientAs, png, postForm } from "../support/admin-calls.ts";
import { createAdmin, createUser, DEFAULT_PASSWORD, signInAs } from "../support/factories.ts";
import type { HttpClient } from "../support/http-client.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

type Line = {
  id: number;
  action: string;
  subject: string | null;
  subject_id: number | null;
  title: string;
  link: string | null;
  user: { id: number; name: string } | null;
  created_at: string;
};
type Page = { results: Line[]; total: number; people: { id: number; name: string }[] };

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

async function freshApi(): Promise<TestApi> {
  const own = await startTestApi();
  onTestFinished(() => own.close());
  return own;
}

/** A signed-in admin of `on`, with the client they call from. */
async function adminOf(on: TestApi, firstname = "Grace") {
  const user = await createAdmin(on.database.db, { firstname });
  const client = on.client();
  await signInAs(on.database.db, client, user);
  return { user, client };
}

async function activity(client: HttpClient, query = ""): Promise<Page> {
  const response = await client.get(`/api/activity?limit=100&${query}`);
  expect(response.status).toBe(200);
  return response.body as Page;
}

/** The lines as `action subject “title” link`, oldest first, for compact comparisons. */
const summary = (page: Page) =>
  page.results
    .map((line) => `${line.action} ${line.subject} “${line.title}” ${line.link}`)
    .reverse();

const codeFor = (secret: string) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: "SHA1",
  }).generate();

describe("recording", () => {
  it("records every staff change made over HTTP, with its kind, title and admin screen", async () => {
    const own = await freshApi();
    const { user, client } = await adminOf(own);
    const ok = (status: number) => expect(status).toBeLessThan(300);

    const post = (await client.post("/api/blog", { title: "Spring fair" })).body as { id: number };
    ok((await client.post(`/api/blog/${post.id}`, { title: "Spring fair 2026" })).status);
    const project = (await client.post("/api/projects", { title: "Wells" })).body as { id: number };
    ok((await client.post("/api/projects/order", [{ id: project.id }])).status);
    const upload = await postForm(client, "/api/blogimages", {
      blog_id: String(post.id),
      file: await png(),
    });
    const photo = upload.body as { id: number };
    ok((await client.post(`/api/blogimages/${photo.id}/rotate`)).status);
    ok(
      (await client.post("/api/blogimages/order", { id: post.id, images: [{ id: photo.id }] }))
        .status,
    );

    const gallery = (await client.post("/api/galleries", { name: "Fair" })).body as { id: number };
    ok((await client.post(`/api/galleries/${gallery.id}`, { name: "The fair" })).status);
    const galleryUpload = await postForm(client, "/api/galleriesimages", {
      gallery_id: String(gallery.id),
      file: await png(),
    });
    const galleryPhoto = galleryUpload.body as { id: number };
    ok((await client.post(`/api/galleriesimages/${galleryPhoto.id}/rotate`)).status);
    ok((await client.post(`/api/galleriesimages/${galleryPhoto.id}`, { alt: "Stalls" })).status);
    ok(
      (
        await client.post("/api/galleriesimages/order", {
          id: gallery.id,
          images: [{ id: galleryPhoto.id }],
        })
      ).status,
    );

    const quote = (await client.post("/api/testimonials", { name: "Amara O.", score: 5 })).body as {
      id: number;
    };
    ok((await client.post(`/api/testimonials/${quote.id}`, { score: 4 })).status);
    const widget = (await client.post("/api/widgets", { name: "fair-banner" })).body as {
      id: number;
    };
    ok((await client.post(`/api/widgets/${widget.id}`, { html: "<p>Come</p>" })).status);
    ok((await client.put("/api/settings", { phone: "+1 555 0100" })).status);

    const staff = (
      await client.post("/api/users", {
        firstname: "Lin",
        lastname: "Staff",
        email: "lin@example.org",
        role: "user",
        password: "a-secret-password-9",
        password_confirmation: "a-secret-password-9",
      })
    ).body as { id: number };
    ok((await client.patch(`/api/users/${staff.id}`, { lastname: "Staffer" })).status);
    ok((await client.patch(`/api/users/${staff.id}`, { role: "admin" })).status);
    ok((await client.delete(`/api/users/${staff.id}`)).status);

    const page = await activity(client);
    expect(summary(page)).toEqual([
      `created blog “Spring fair” /admin/blog/${post.id}`,
      `saved blog “Spring fair 2026” /admin/blog/${post.id}`,
      `created project “Wells” /admin/projects/${project.id}`,
      `reordered project “” /admin/projects`,
      `uploaded entry_image “Spring fair 2026” /admin/blog/${post.id}`,
      `rotated entry_image “Spring fair 2026” /admin/blog/${post.id}`,
      `reordered blog “Spring fair 2026” /admin/blog/${post.id}`,
      `created gallery “Fair” /admin/galleries/${gallery.id}`,
      `saved gallery “The fair” /admin/galleries/${gallery.id}`,
      `uploaded gallery_image “The fair” /admin/galleries/${gallery.id}`,
      `rotated gallery_image “The fair” /admin/galleries/${gallery.id}`,
      `saved gallery_image “The fair” /admin/galleries/${gallery.id}`,
      `reordered gallery “The fair” /admin/galleries/${gallery.id}`,
      `created testimonial “Amara O.” /admin/testimonials`,
      `saved testimonial “Amara O.” /admin/testimonials`,
      `created widget “fair-banner” /admin/widgets/${widget.id}`,
      `saved widget “fair-banner” /admin/widgets/${widget.id}`,
      `saved settings “” /admin/settings`,
      `created user “Lin Staff” /admin/users/${staff.id}`,
      `saved user “Lin Staffer” /admin/users/${staff.id}`,
      `saved user “Lin Staffer” /admin/users/${staff.id}`,
      `role_changed user “Lin Staffer” /admin/users/${staff.id}`,
      `deleted user “Lin Staffer” /admin/trash`,
    ]);
    expect(page.total).toBe(23);
    for (const line of page.results) {
      expect(line.user).toEqual({ id: user.id, name: "Grace Admin" });
      expect(Date.now() - Date.parse(line.created_at)).toBeLessThan(60_000);
    }
    expect(
      page.results.find((line) => line.action === "created" && line.subject === "blog")?.subject_id,
    ).toBe(post.id);
    expect(page.people).toEqual([{ id: user.id, name: "Grace Admin" }]);
  });

  it("records account security events and never a password, code or token", async () => {
    const own = await freshApi();
    const db = own.database.db;
    const { client: reader } = await adminOf(own, "Reader");
    const adminUser = await createUser(db, {
      role: "admin",
      firstname: "Ola",
      plainPassword: "admin-pass-word-1",
    });
    const member = await createUser(db, { firstname: "Mo" });
    const secrets = ["admin-pass-word-1", DEFAULT_PASSWORD, "wrong-pass-word-7"];

    const visitor = own.client();
    await visitor.csrf();
    const failed = await visitor.post("/login", {
      email: "nobody@example.org",
      password: "wrong-pass-word-7",
    });
    expect(failed.status).toBe(422);
    const admin = own.client();
    await admin.csrf();
    expect(
      (await admin.post("/login", { email: adminUser.email, password: "admin-pass-word-1" }))
        .status,
    ).toBe(200);
    const memberClient = own.client();
    await memberClient.csrf();
    expect(
      (await memberClient.post("/login", { email: member.email, password: DEFAULT_PASSWORD }))
        .status,
    ).toBe(200);

    // Two-factor: enabled on confirmation, a wrong code, a recovery code, then disabled.
    const confirmed = own.client();
    await signInAs(db, confirmed, adminUser, {
      "auth.password_confirmed_at": Math.floor(Date.now() / 1000),
    });
    expect((await confirmed.post("/user/two-factor-authentication")).status).toBe(200);
    const { secretKey } = (await confirmed.get("/user/two-factor-secret-key")).body as {
      secretKey: string;
    };
    const code = codeFor(secretKey);
    secrets.push(secretKey, code);
    expect(
      (await confirmed.post("/user/confirmed-two-factor-authentication", { code })).status,
    ).toBe(200);
    const recoveryCodes = (await confirmed.get("/user/two-factor-recovery-codes")).body as string[];
    secrets.push(...recoveryCodes);

    const challenged = own.client();
    await challenged.csrf();
    await challenged.post("/login", { email: adminUser.email, password: "admin-pass-word-1" });
    expect((await challenged.post("/two-factor-challenge", { code: "000000" })).status).toBe(422);
    const recovery = recoveryCodes[0]!;
    expect(
      (await challenged.post("/two-factor-challenge", { code: recovery, recovery_code: recovery }))
        .status,
    ).toBe(204);
    expect((await confirmed.delete("/user/two-factor-authentication")).status).toBe(200);

    // Passwords: changed on the profile, and by a reset link.
    expect(
      (
        await memberClient.put("/user/password", {
          current_password: DEFAULT_PASSWORD,
          password: "member-new-pass-2",
          password_confirmation: "member-new-pass-2",
        })
      ).status,
    ).toBe(200);
    const token = "reset-token-for-the-test-0123456789";
    await db
      .insertInto("password_reset_tokens")
      .values({
        email: member.email,
        token: createHash("sha256").update(token).digest("hex"),
        created_at: new Date().toISOString(),
      })
      .execute();
    const resetter = own.client();
    await resetter.csrf();
    const reset = await resetter.post("/reset-password", {
      token,
      email: member.email,
      password: "member-reset-pass-3",
      password_confirmation: "member-reset-pass-3",
    });
    expect(reset.status).toBe(200);
    secrets.push("member-new-pass-2", "member-reset-pass-3", token);

    const page = await activity(reader);
    const ola = { id: adminUser.id, name: `Ola ${adminUser.lastname}` };
    const mo = { id: member.id, name: `Mo ${member.lastname}` };
    expect(
      page.results
        .map((line) => ({
          action: line.action,
          subject: line.subject,
          title: line.title,
          user: line.user,
        }))
        .reverse(),
    ).toEqual([
      { action: "sign_in_failed", subject: "account", title: "nobody@example.org", user: null },
      { action: "signed_in", subject: "account", title: "", user: ola },
      { action: "two_factor_enabled", subject: "account", title: "", user: ola },
      { action: "sign_in_failed", subject: "account", title: adminUser.email, user: ola },
      { action: "recovery_code_used", subject: "account", title: "", user: ola },
      { action: "signed_in", subject: "account", title: "", user: ola },
      { action: "two_factor_disabled", subject: "account", title: "", user: ola },
      { action: "password_changed", subject: "account", title: "", user: mo },
      { action: "password_changed", subject: "account", title: "", user: mo },
    ]);

    const rows = await db.selectFrom("activity").selectAll().execute();
    const stored = JSON.stringify(rows);
    for (const secret of secrets) expect(stored, secret).not.toContain(secret);
    expect(rows.every((row) => row.ip_address === "127.0.0.1")).toBe(true);
  });
});

describe("GET /api/activity", () => {
  it("filters by person, kind and action, and pages newest first", async () => {
    const own = await freshApi();
    const first = await adminOf(own, "Ann");
    const second = await adminOf(own, "Ben");
    for (const title of ["One", "Two", "Three"]) await first.client.post("/api/blog", { title });
    const project = (await second.client.post("/api/projects", { title: "Four" })).body as {
      id: number;
    };
    await postForm(second.client, "/api/projectsimages", {
      project_id: String(project.id),
      file: await png(),
    });
    await second.client.post("/api/galleries", { name: "Five" });

    const everyone = await activity(first.client);
    expect(everyone.total).toBe(6);
    expect(everyone.people).toEqual([
      { id: first.user.id, name: "Ann Admin" },
      { id: second.user.id, name: "Ben Admin" },
    ]);

    const byAnn = await activity(first.client, `user_id=${first.user.id}`);
    expect(byAnn.results.map((line) => line.title)).toEqual(["Three", "Two", "One"]);
    expect(byAnn.total).toBe(3);
    // The people stay everyone's, so the filter can be changed.
    expect(byAnn.people).toHaveLength(2);

    // An entry kind takes in the photos of its entries.
    const projects = await activity(first.client, "subject=project");
    expect(projects.results.map((line) => `${line.action} ${line.subject}`)).toEqual([
      "uploaded entry_image",
      "created project",
    ]);
    const several = await activity(first.client, "subject=gallery,blog&action=created");
    expect(several.total).toBe(4);
    expect(several.results[0]?.title).toBe("Five");
    expect((await activity(first.client, "action=deleted")).results).toEqual([]);

    const pageOne = (await first.client.get("/api/activity?limit=2&page=1")).body as Page;
    expect(pageOne.total).toBe(6);
    expect(pageOne.results.map((line) => line.title)).toEqual(["Four", "Three"]);
    const beyond = (await first.client.get("/api/activity?limit=2&page=9")).body as Page;
    expect(beyond.results).toEqual([]);

    const bad = await first.client.get("/api/activity?user_id=me");
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty("user_id");
  });

  it("keeps a deleted user's lines, under their name", async () => {
    const own = await freshApi();
    const { client } = await adminOf(own);
    const leaver = await adminOf(own, "Leaving");
    await leaver.client.post("/api/testimonials", { name: "Kept", score: 3 });
    expect((await client.delete(`/api/users/${leaver.user.id}`)).status).toBe(204);

    const page = await activity(client);
    const kept = page.results.find((line) => line.title === "Kept");
    expect(kept?.user).toEqual({ id: leaver.user.id, name: "Leaving Admin" });
    expect(page.people).toContainEqual({ id: leaver.user.id, name: "Leaving Admin" });
  });

  it("forgets lines older than ACTIVITY_DAYS when the API starts", async () => {
    const own = await startTestApi({ ACTIVITY_DAYS: "30" });
    onTestFinished(() => own.close());
    const { client } = await adminOf(own);
    await client.post("/api/testimonials", { name: "Old", score: 3 });
    await client.post("/api/testimonials", { name: "Recent", score: 3 });
    const day = 24 * 60 * 60 * 1000;
    await own.database.db
      .updateTable("activity")
      .set({ created_at: new Date(Date.now() - 31 * day).toISOString() })
      .where("title", "=", "Old")
      .execute();
    await own.database.db
      .updateTable("activity")
      .set({ created_at: new Date(Date.now() - 29 * day).toISOString() })
      .where("title", "=", "Recent")
      .execute();

    const restarted = await own.startInstance();
    const after = (await restarted.client().get("/api/activity")).status;
    expect(after).toBe(401);
    const reader = restarted.client();
    const { user } = await adminOf(own);
    await signInAs(own.database.db, reader, user);
    expect(summary(await activity(reader))).toEqual([
      "created testimonial “Recent” /admin/testimonials",
    ]);
  });

  it.each([
    ["anonymous", 401, "Unauthenticated."],
    ["member", 403, "This action is unauthorized."],
    ["unverified admin", 403, "Your email address is not verified."],
  ] as [Caller, number, string][])("refuses %s with %i", async (who, status, message) => {
    const client = await clientAs(api, who);
    const response = await client.get("/api/activity");
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ message });
  });
});
