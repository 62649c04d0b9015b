import type { FastifyInstance } from "fastify";
import { getSettings, updateSettings } from "../domain/settings.ts";
import { presentSettings } from "../presenters/settings.ts";
import { forgetDraft } from "./drafts.ts";
import { admin } from "./guards.ts";
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
  .partial();

export async function settingsRoutes(app: FastifyInstance) {
  app.get("/api/settings", async () => presentSettings(await getSettings(app.db)));

  app.put("/api/settings", { preHandler: admin }, async (request) => {
    const input = settingsInput.parse(request.body ?? {});
    await forgetDraft(request, "settings", 0);
    return presentSettings(await updateSettings(app.db, input));
  });
}
