import type { FastifyInstance } from "fastify";
import { presentUser } from "../presenters/user.ts";
import { auth, currentUser } from "./guards.ts";

export async function userRoutes(app: FastifyInstance) {
  app.get("/api/user", { preHandler: auth }, async (request) => ({
    data: presentUser(currentUser(request)),
  }));
}
