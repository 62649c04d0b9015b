import type { FastifyInstance } from "fastify";
import { sql } from "kysely";

export async function healthRoutes(app: FastifyInstance) {
  app.get("/healthz", async (_request, reply) => {
    await sql`select 1`.execute(app.db);
    return reply.header("Cache-Control", "no-store").send({ status: "ok" });
  });
}
