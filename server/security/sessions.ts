import { randomBytes } from "node:crypto";
import type { DB } from "../db/database.ts";
import { preparedQuery, unplanned } from "../db/prepared-query.ts";
import type { User } from "../types.ts";

export const SESSION_COOKIE = "almoner_session";
export const XSRF_COOKIE = "XSRF-TOKEN";
export const SESSION_LIFETIME_SECONDS = 120 * 60;
const TOUCH_AFTER_SECONDS = 60;

type SessionData = Record<string, unknown>;

const randomId = (bytes: number) => randomBytes(bytes).toString("base64url");

/**
 * A server-side session, as Laravel keeps one: an opaque id in a cookie, the data in the
 * `sessions` table. It is only written when something changed, so anonymous reads of
 * public content never create sessions or cookies.
 */
export class Session {
  /** Made on first use: most sessions of anonymous visitors are never saved and need none. */
  #id: string | null;
  userId: number | null;
  private data: SessionData;
  private readonly loadedFrom: string | null;
  private lastActivity: number;
  private changed = false;
  private discardedIds: string[] = [];

  constructor(options: {
    id?: string;
    userId?: number | null;
    data?: SessionData;
    lastActivity?: number;
  }) {
    this.#id = options.id ?? null;
    this.loadedFrom = options.id ?? null;
    this.userId = options.userId ?? null;
    this.data = options.data ?? {};
    this.lastActivity = options.lastActivity ?? 0;
  }

  get id(): string {
    return (this.#id ??= randomId(30));
  }

  get<T = unknown>(key: string): T | undefined {
    return this.data[key] as T | undefined;
  }

  put(key: string, value: unknown): void {
    this.data[key] = value;
    this.changed = true;
  }

  forget(key: string): void {
    if (key in this.data) {
      delete this.data[key];
      this.changed = true;
    }
  }

  /** Removes a value and returns it (a value meant for one use, such as a pending login). */
  pull<T = unknown>(key: string): T | undefined {
    const value = this.get<T>(key);
    this.forget(key);
    return value;
  }

  /** The CSRF token, created on first use. */
  token(): string {
    let token = this.get<string>("_token");
    if (!token) {
      token = randomId(30);
      this.put("_token", token);
    }
    return token;
  }

  regenerateToken(): void {
    this.put("_token", randomId(30));
  }

  setUser(userId: number | null): void {
    this.userId = userId;
    this.changed = true;
  }

  /** A new id for the same data (login), so a fixated id is worthless. */
  regenerate(): void {
    if (this.loadedFrom || this.discardedIds.length > 0) this.discardedIds.push(this.id);
    this.#id = randomId(30);
    this.changed = true;
  }

  /** Empties the session under a new id with a new CSRF token (logout). */
  invalidate(): void {
    this.data = {};
    this.userId = null;
    this.regenerate();
    this.regenerateToken();
  }

  /** Whether the browser holds (or should hold) a cookie for this session. */
  get exists(): boolean {
    return this.loadedFrom !== null || this.changed;
  }

  /**
   * Writes the session when it changed, or when its last activity is over a minute old; whether
   * it did (the lifetime then starts again, so the cookies are worth sending again).
   */
  async save(db: DB, meta: { ip: string | null; userAgent: string | null }): Promise<boolean> {
    const now = Math.floor(Date.now() / 1000);
    const stale = now - this.lastActivity >= TOUCH_AFTER_SECONDS;
    if (!this.changed && !(this.loadedFrom && stale)) return false;
    if (this.discardedIds.length > 0) {
      await db.deleteFrom("sessions").where("id", "in", this.discardedIds).execute();
      this.discardedIds = [];
    }
    const row = {
      user_id: this.userId,
      payload: JSON.stringify(this.data),
      ip_address: meta.ip,
      user_agent: meta.userAgent?.slice(0, 500) ?? null,
      last_activity: now,
    };
    await db
      .insertInto("sessions")
      .values({ id: this.id, ...row })
      .onConflict((oc) => oc.column("id").doUpdateSet(row))
      .execute();
    this.lastActivity = now;
    this.changed = false;
    return true;
  }
}

/** A session and its user, if any, in one read: every signed-in call needs both. */
const SESSION_WITH_USER = preparedQuery((db, id: string) =>
  db
    .selectFrom("sessions")
    .leftJoin("users", "users.id", "sessions.user_id")
    .select([
      "sessions.id as session_id",
      "sessions.user_id as session_user_id",
      "sessions.payload as session_payload",
      "sessions.last_activity as session_last_activity",
    ])
    .selectAll("users")
    .where("sessions.id", "=", unplanned(db, id)),
);

/**
 * Finds a live session by id, with the user it is signed in as (undefined when there is none, or
 * no longer); a fresh session when the id is unknown or expired.
 */
export async function loadSession(
  db: DB,
  id: string | undefined,
): Promise<{ session: Session; user: User | undefined }> {
  if (!id || id.length > 100) return { session: new Session({}), user: undefined };
  const row = await SESSION_WITH_USER.first(db, id);
  const now = Math.floor(Date.now() / 1000);
  if (!row || now - row.session_last_activity > SESSION_LIFETIME_SECONDS) {
    return { session: new Session({}), user: undefined };
  }
  const { session_id, session_user_id, session_payload, session_last_activity, ...user } = row;
  const session = new Session({
    id: session_id,
    userId: session_user_id,
    data: JSON.parse(session_payload) as SessionData,
    lastActivity: session_last_activity,
  });
  return { session, user: user.id === null ? undefined : (user as User) };
}

export async function deleteExpiredSessions(db: DB): Promise<void> {
  const cutoff = Math.floor(Date.now() / 1000) - SESSION_LIFETIME_SECONDS;
  await db.deleteFrom("sessions").where("last_activity", "<", cutoff).execute();
}

export async function deleteSessionsOfUser(
  db: DB,
  userId: number,
  exceptId?: string,
): Promise<void> {
  let query = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (exceptId) query = query.where("id", "!=", exceptId);
  await query.execute();
}
