import type { FastifyInstance } from "fastify";

export async function csrfCookieRoutes(app: FastifyInstance) {
  // Its answer always carries the cookies, even for a session that needed no save.
  const config = { setsSessionCookies: true };
  app.get("/sanctum/csrf-cookie", { config }, async (request, reply) => {
    request.session?.token();
    return reply.code(204).send();
  });
}
