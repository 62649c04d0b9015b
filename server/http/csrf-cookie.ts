import type { FastifyInstance } from "fastify";

export async function csrfCookieRoutes(app: FastifyInstance) {
  app.get("/sanctum/csrf-cookie", async (request, reply) => {
    request.session?.token();
    return reply.code(204).send();
  });
}
