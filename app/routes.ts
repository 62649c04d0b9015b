import { index, prefix, route, type RouteConfig } from "@react-router/dev/routes";

// In the order of the spec's route table (§2.1).
export default [
  index("routes/home.tsx", { id: "Home" }),
  route("contact", "routes/contact.tsx"),
  route("about", "routes/about.tsx"),
  route("founders", "routes/founders.tsx"),
  route("projects", "routes/projects.tsx"),
  route("projects/:slug", "routes/project.tsx"),
  route("opportunities", "routes/opportunities.tsx"),
  route("opportunities/:slug", "routes/opportunity.tsx"),
  route("blog", "routes/blog.tsx"),
  route("blog/:slug", "routes/blog-post.tsx"),
  route("donate", "routes/donate.tsx"),
  route("register", "routes/register.tsx", { id: "Register" }),
  route("login", "routes/login.tsx", { id: "Login" }),
  route("verify-email", "routes/verify-email.tsx", { id: "VerifyEmail" }),
  route("two-factor-challenge", "routes/two-factor-challenge.tsx", { id: "TwoFactorChallenge" }),
  route("forgot-password", "routes/forgot-password.tsx", { id: "ForgotPassword" }),
  route("reset-password/:token", "routes/reset-password.tsx"),
  // Our extension (record 036): an invited user's first password.
  route("set-password/:token", "routes/set-password.tsx"),
  route("email/verify/:id/:hash", "routes/email-verify.tsx"),
  ...prefix("legal", [
    route("cookies", "routes/legal-cookies.tsx"),
    route("terms", "routes/legal-terms.tsx"),
    route("privacy", "routes/legal-privacy.tsx"),
  ]),

  route("account", "routes/account/layout.tsx", [
    index("routes/account/dashboard.tsx"),
    route("password", "routes/account/password.tsx"),
    route("profile", "routes/account/profile.tsx"),
    route("2fa", "routes/account/two-factor.tsx"),
    // Beyond the spec: the member's data as a file (our API's extension, record 037).
    route("my-data", "routes/account/my-data.ts"),
    // Any other path of the area is its 404, inside its menu.
    route("*", "routes/not-found.tsx", { id: "account-not-found" }),
  ]),
  route("confirm-password", "routes/confirm-password.tsx", { id: "ConfirmPassword" }),
  route("logout", "routes/logout.ts"),

  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("users/:id", "routes/admin/user.tsx"),
    route("widgets", "routes/admin/widgets.tsx"),
    route("widgets/:id", "routes/admin/widget.tsx"),
    route("galleries", "routes/admin/galleries.tsx"),
    route("galleries/:id", "routes/admin/gallery.tsx"),
    route("galleries/:id/photos", "routes/admin/gallery-photos.ts"),
    route("testimonials", "routes/admin/testimonials.tsx"),
    route("trash", "routes/admin/trash.tsx"),
    route("projects", "routes/admin/entries.tsx", { id: "admin-projects" }),
    route("projects/:id", "routes/admin/entry.tsx", { id: "admin-projects-edit" }),
    route("projects/:id/photos", "routes/admin/entry-photos.ts", { id: "admin-project-photos" }),
    route("opportunities", "routes/admin/entries.tsx", { id: "admin-opportunities" }),
    route("opportunities/:id", "routes/admin/entry.tsx", { id: "admin-opportunities-edit" }),
    route("opportunities/:id/photos", "routes/admin/entry-photos.ts", {
      id: "admin-opportunity-photos",
    }),
    route("blog", "routes/admin/entries.tsx", { id: "admin-blog" }),
    route("blog/:id", "routes/admin/entry.tsx", { id: "admin-blog-edit" }),
    route("blog/:id/photos", "routes/admin/entry-photos.ts", { id: "admin-blog-post-photos" }),
    // Beyond the spec: the organisation's details and the visitors' messages (our API's extensions).
    route("settings", "routes/admin/settings.tsx"),
    // Record 030: each item's history (one module; the path names the item).
    ...(["projects", "blog", "opportunities", "widgets", "testimonials"] as const).map((kind) =>
      route(`${kind}/:id/history`, "routes/admin/history.tsx", { id: `admin-${kind}-history` }),
    ),
    route("settings/history", "routes/admin/history.tsx", { id: "admin-settings-history" }),
    route("drafts/:subject/:id", "routes/admin/draft.ts"),
    route("messages", "routes/admin/messages.tsx"),
    route("activity", "routes/admin/activity.tsx"),
    // Record 044: a fresh backup of the whole site, after a password confirmation.
    route("backup", "routes/admin/backup.tsx"),
    route("backup/download", "routes/admin/backup-download.ts"),
    route("*", "routes/not-found.tsx", { id: "admin-not-found" }),
  ]),

  // Record 031: an entry as visitors will see it, in the site's frame, not the admin layout's.
  ...(["projects", "blog", "opportunities"] as const).map((kind) =>
    route(`admin/${kind}/:id/preview`, "routes/entry-preview.tsx", { id: `admin-${kind}-preview` }),
  ),

  // Beyond the spec: documents for crawlers, feed readers and link previews (resource routes).
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("blog/rss.xml", "routes/blog-feed.ts"),
  route("logo.png", "routes/brand-logo.ts"),
  route("cards/:kind/:name", "routes/social-card.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
