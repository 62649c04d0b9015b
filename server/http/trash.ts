import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { TrashContext, TrashRow, TrashWho } from "../domain/trash.ts";
import {
  findTrashItem,
  listTrash,
  purgeExpired,
  purgeFromTrash,
  restoreFromTrash,
} from "../domain/trash-restore.ts";
import { notFound } from "../errors.ts";
import { presentRestored, presentTrashItem, presentTrashPage } from "../presenters/trash.ts";
import { actorOf } from "./actor.ts";
import { admin } from "./guards.ts";
import { listQuery } from "./list-query.ts";
import { idParams } from "./path-key.ts";
import { route } from "./route.ts";

/** What the trash needs of the app. */
export function trashContextOf(app: FastifyInstance): TrashContext {
  return { db: app.db, storage: app.storage, trashDays: app.config.trashDays };
}

export function trashWho(request: FastifyRequest): TrashWho {
  return { actor: actorOf(request), ipAddress: request.ip };
}

/**
 * A delete's answer (record 030): 204 as before, with the trash item's id in `X-Trash-Id`; 404
 * when there was nothing to delete. What has been in the trash too long goes meanwhile.
 */
export async function answerTrashed(
  app: FastifyInstance,
  reply: FastifyReply,
  item: TrashRow | undefined,
): Promise<FastifyReply> {
  if (!item) throw notFound();
  await purgeExpired(trashContextOf(app));
  return reply.code(204).header("X-Trash-Id", String(item.id)).send();
}

/** Our extension (record 030): the trash, for verified admins. */
export async function trashRoutes(app: FastifyInstance) {
  const ctx = trashContextOf(app);
  const guards = [admin];
  // Items past their time go at start, so no cron job is needed.
  app.addHook("onReady", async () => purgeExpired(ctx));

  app.get(
    "/api/trash",
    route({ guards, query: listQuery }, async ({ query }) => {
      await purgeExpired(ctx);
      const { items, total } = await listTrash(app.db, query);
      return presentTrashPage(items, total, ctx.trashDays);
    }),
  );

  // One item: a purge's confirmation on a page the item has since moved off (record 030).
  app.get(
    "/api/trash/:id",
    route({ guards, params: idParams }, async ({ params: { id } }) => {
      await purgeExpired(ctx);
      const item = await findTrashItem(app.db, id);
      if (!item) throw notFound();
      return presentTrashItem(item, ctx.trashDays);
    }),
  );

  app.post(
    "/api/trash/:id/restore",
    route({ guards, params: idParams }, async ({ params: { id } }, request) => {
      await purgeExpired(ctx);
      const restored = await restoreFromTrash(ctx, trashWho(request), id);
      if (!restored) throw notFound();
      return presentRestored(restored);
    }),
  );

  app.delete(
    "/api/trash/:id",
    route({ guards, params: idParams }, async ({ params: { id } }, request, reply) => {
      await purgeExpired(ctx);
      if (!(await purgeFromTrash(ctx, trashWho(request), id))) throw notFound();
      return reply.code(204).send();
    }),
  );
}
