import type { FastifyInstance } from "fastify";
import { currentVersion } from "../domain/revisions.ts";
import { getSettings, saveSettings } from "../domain/settings.ts";
import { presentSettings, presentSettingsForAdmin } from "../presenters/settings.ts";
import { actorOf } from "./actor.ts";
import { logActivity } from "./activity.ts";
import { forgetDraft } from "./drafts.ts";
import { admin } from "./guards.ts";
import { versionField } from "./revisions.ts";
import { jsonBody, route } from "./route.ts";
import { line, text, z } from "./validation.ts";

const shortLine = line().max(500);
const link = line().pipe(z.union([z.url({ protocol: /^https?$/ }).max(500), z.literal("")]));

const settingsInput = z
  .object({
    name: shortLine.min(1),
    phone: shortLine,
    whatsapp: shortLine,
    email: line().pipe(z.union([z.email().max(255), z.literal("")])),
    address: text().trim().max(1000),
    donate_url: link,
    social: z.object({ facebook: link, instagram: link, twitter: link }).partial(),
  })
  .partial()
  .extend({ version: versionField });

export async function settingsRoutes(app: FastifyInstance) {
  app.get(
    "/api/settings",
    route({}, async (_input, request) => {
      const settings = await getSettings(app.db);
      if (request.user?.role !== "admin") return presentSettings(settings);
      return presentSettingsForAdmin(settings, await currentVersion(app.db, "settings", 0));
    }),
  );

  app.put(
    "/api/settings",
    route(
      { guards: [admin], body: settingsInput, read: jsonBody },
      async ({ body: { version, ...input } }, request) => {
        const saved = await saveSettings(app.db, input, {
          actor: actorOf(request),
          expectedVersion: version,
          keep: app.config.revisionsKeep,
        });
        await forgetDraft(request, "settings", 0);
        await logActivity(request, "saved", { subject: "settings" });
        return presentSettingsForAdmin(saved, saved.version);
      },
    ),
  );
}
