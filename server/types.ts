import type { Selectable } from "kysely";
import type { Config } from "./config.ts";
import type { DB, SqlDialect } from "./db/database.ts";
import type { UsersTable } from "./db/schema.ts";
import type { ContactOutbox } from "./domain/contact.ts";
import type { ThrottleName } from "./http/throttles.ts";
import type { StorageDriver } from "./media/storage.ts";
import type { Session } from "./security/sessions.ts";
import type { ThrottleStore } from "./security/throttle.ts";

export type User = Selectable<UsersTable>;

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: DB;
    dialect: SqlDialect;
    storage: StorageDriver;
    contactOutbox: ContactOutbox;
    throttles: ThrottleStore<ThrottleName>;
  }
  interface FastifyRequest {
    /** The visitor's session; null for requests that are not stateful (Sanctum's rule). */
    session: Session | null;
    user: User | null;
  }
  interface FastifyContextConfig {
    /** The session and XSRF cookies go out with every answer, not only after a session save. */
    setsSessionCookies?: boolean;
  }
}
