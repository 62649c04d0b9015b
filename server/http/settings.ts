import type { FastifyInstance } from "fastify";
import { getSettings, updateSettings } from "../domain/settings.ts";
import { presentSettings } from "../presenters/settings.ts";
import { admin } from "./guards.ts";
import { z } from "./validation.ts";

const text = z.string().trim().max(500);
const link = z.union([z.url({ protocol: /^https?$/ }).max(500), z.literal("")]);

const settingsInput = z
  .object({
    name: text.min(1),
    phone: text,
    whatsapp: text,
    email: z.union([z.email().max(255), z.literal("")]),
    address: z.string().trim().max(1000),
    donate_url: link,
    social: z.object({ facebook: link, instagram: link, twitter: link }).partial(),
  })
  .partial();

export async function settingsRoutes(app: FastifyInstance) {
  app.get("/api/settings", async () => presentSettings(await getSettings(app.db)));

  app.put("/api/settings", { preHandler: admin }, async (request) => {
    const input = settingsInput.parse(request.body ?? {});
    return presentSettings(await updateSettings(app.db, input));
  });
}
