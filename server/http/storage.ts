import type { FastifyInstance } from "fastify";
import { notFound } from "../errors.ts";

const ONE_YEAR_SECONDS = 31536000;

/** Uploaded files. Names change whenever content does (rotate writes new files), so they are cached for good. */
export async function storageRoutes(app: FastifyInstance) {
  app.get<{ Params: { "*": string } }>("/storage/*", async (request, reply) => {
    const object = await app.storage.get(request.params["*"]);
    if (!object) throw notFound();
    return reply
      .header("Content-Type", object.contentType)
      .header("Content-Length", object.size)
      .header("Cache-Control", `public, max-age=${ONE_YEAR_SECONDS}, immutable`)
      .header("X-Content-Type-Options", "nosniff")
      .send(object.stream);
  });
}
