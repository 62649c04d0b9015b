import { Cookie, CookieJar } from "tough-cookie";
import type { z } from "zod";
import { countApiCall, withRequestId } from "./operations.server.ts";
import { parseApiBody } from "./api-fields.ts";
import { isTimeout, silenceOf } from "./api-silence.server.ts";
import {
  bodyOrNotFound,
  throwForSessionStatus,
  unansweredUnavailable,
  UnexpectedApiResponse,
  type ApiResult,
} from "./api-answers.server.ts";

// The answers' helpers live beside the client, which stays the one way to the API.
export {
  assertOk,
  bodyOrNotFound,
  confirmPasswordPath,
  fieldErrorsOf,
  formFailureFrom,
  IMAGE_TOO_LARGE,
  logFallback,
  loginPath,
  messageOf,
  serviceUnavailable,
  throwNotFound,
  tooManyAttemptsMessage,
  UnexpectedApiResponse,
  unusableAsBadGateway,
  unusableAsUnavailable,
  type ApiResult,
  type FormFailure,
} from "./api-answers.server.ts";
import { NO_ANSWER } from "./unanswered-posts.ts";

export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type ApiRequestOptions<Schema extends z.ZodType = z.ZodUnknown> = {
  body?: FormData | Record<string, unknown> | unknown[];
  query?: Record<string, string | number | undefined>;
  /** Parses a 2xx body; a body of another shape is an error of the API, not of the visitor. */
  schema?: Schema;
  /**
   * Session statuses (401, 419, 403, 423) this caller answers itself instead of the redirects
   * every other call gets: fetching the user when signed out, a logout that may fail.
   */
  handles?: readonly number[];
};

export type ApiClientOptions = {
  apiUrl: string;
  appUrl: string;
  /** The browser's `Cookie` header as it reached the web tier. */
  cookieHeader: string | null;
  /** The visitor's address, forwarded so per-IP throttles in the API count visitors. */
  clientAddress: string | undefined;
  /** Path and search of the page being served, where the visitor returns after signing in. */
  pageLocation: string;
  /**
   * The incoming request's one deadline (web/host.ts): every call of the request shares it, so
   * an API that stops answering fails the page once, with a 503, instead of once per call.
   */
  deadline?: AbortSignal;
};

/** Without a request's deadline (data shared by every page): each call's own. */
const DEFAULT_DEADLINE_MS = 10_000;

const XSRF_COOKIE = "XSRF-TOKEN";
const CSRF_COOKIE_PATH = "/sanctum/csrf-cookie";
const MUTATING_METHODS = new Set<ApiMethod>(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The web tier's only way to the API. One instance serves one incoming request: it holds a
 * cookie jar seeded from the browser, keeps it across calls (csrf-cookie → login → user), and
 * remembers every `Set-Cookie` the API sent so the response can hand them to the browser.
 */
export class ApiClient {
  readonly pageLocation: string;
  readonly #apiUrl: string;
  readonly #origin: string;
  readonly #referer: string;
  readonly #clientAddress: string | undefined;
  readonly #deadline: AbortSignal | undefined;
  readonly #jar = new CookieJar(undefined, {
    rejectPublicSuffixes: false,
    allowSecureOnLocal: true,
    enforceSecureOriginOnStorage: false,
    prefixSecurity: "unsafe-disabled",
  });
  /** The latest `Set-Cookie` per cookie name, in the order the names first came. */
  readonly #cookiesForBrowser = new Map<string, string>();
  #writeUnanswered = false;

  constructor(options: ApiClientOptions) {
    this.#apiUrl = options.apiUrl.replace(/\/+$/, "");
    this.#origin = new URL(options.appUrl).origin;
    this.#referer = new URL(options.pageLocation, options.appUrl).href;
    this.#clientAddress = options.clientAddress;
    this.#deadline = options.deadline;
    this.pageLocation = options.pageLocation;
    for (const pair of parseCookieHeader(options.cookieHeader)) {
      this.#storeInJar(new Cookie({ key: pair.name, value: pair.value, path: "/" }));
    }
  }

  /** Whether the browser sent any cookie at all: without one there is no session to ask about. */
  get hasCookies(): boolean {
    return this.#jar.getCookiesSync(this.#apiUrl).length > 0;
  }

  /** Whether a write of this request got no answer (its form says so; record 061). */
  get writeUnanswered(): boolean {
    return this.#writeUnanswered;
  }

  /** Every `Set-Cookie` the API sent during this request, with `Domain` dropped. */
  get cookiesForBrowser(): readonly string[] {
    return [...this.#cookiesForBrowser.values()];
  }

  get<Schema extends z.ZodType = z.ZodUnknown>(
    path: string,
    options?: Omit<ApiRequestOptions<Schema>, "body">,
  ): Promise<ApiResult<z.output<Schema>>> {
    return this.request("GET", path, options);
  }

  post<Schema extends z.ZodType = z.ZodUnknown>(
    path: string,
    body?: ApiRequestOptions["body"],
    options?: Omit<ApiRequestOptions<Schema>, "body">,
  ): Promise<ApiResult<z.output<Schema>>> {
    return this.request("POST", path, { ...options, body });
  }

  put<Schema extends z.ZodType = z.ZodUnknown>(
    path: string,
    body?: ApiRequestOptions["body"],
    options?: Omit<ApiRequestOptions<Schema>, "body">,
  ): Promise<ApiResult<z.output<Schema>>> {
    return this.request("PUT", path, { ...options, body });
  }

  patch<Schema extends z.ZodType = z.ZodUnknown>(
    path: string,
    body?: ApiRequestOptions["body"],
    options?: Omit<ApiRequestOptions<Schema>, "body">,
  ): Promise<ApiResult<z.output<Schema>>> {
    return this.request("PATCH", path, { ...options, body });
  }

  delete<Schema extends z.ZodType = z.ZodUnknown>(
    path: string,
    options?: Omit<ApiRequestOptions<Schema>, "body">,
  ): Promise<ApiResult<z.output<Schema>>> {
    return this.request("DELETE", path, options);
  }

  /**
   * A GET that must succeed: 404 shows the 404 page, and so do 400 and 414, the API's answer to
   * a slug or id from the visitor's URL it cannot look up (1001 characters, say). Any other
   * failure is an error.
   */
  async read<Schema extends z.ZodType>(
    path: string,
    schema: Schema,
    options?: Omit<ApiRequestOptions<Schema>, "body" | "schema">,
  ): Promise<z.output<Schema>> {
    return bodyOrNotFound(await this.get(path, { ...options, schema }));
  }

  /**
   * Every call goes through here, so no caller can forget the session statuses: 401/419 →
   * Login, 403 → VerifyEmail, 423 → ConfirmPassword (spec §4, §8), unless the caller handles
   * them. A 2xx body is parsed with the caller's schema.
   */
  async request<Schema extends z.ZodType = z.ZodUnknown>(
    method: ApiMethod,
    path: string,
    options: ApiRequestOptions<Schema> = {},
  ): Promise<ApiResult<z.output<Schema>>> {
    let response: Response;
    let body: unknown;
    try {
      ({ response, body } = await this.#answer(method, path, options));
    } catch (error) {
      ({ response, body } = unanswered(this.#apiUrl, method, path, error));
      this.#writeUnanswered = true; // A read has thrown its 503 already.
    }
    const result = { status: response.status, headers: response.headers };
    if (!options.handles?.includes(response.status)) {
      throwForSessionStatus(response.status, this.pageLocation);
    }
    if (!response.ok) return { ...result, ok: false, body };
    if (!options.schema) return { ...result, ok: true, body: body as z.output<Schema> };
    const parsed = parseApiBody(options.schema, body, `${method} ${path}`);
    if (!parsed.success) throw new UnexpectedApiResponse(`${method} ${path}`, parsed.error.message);
    return { ...result, ok: true, body: parsed.data };
  }

  /**
   * A GET whose answer is a file (a backup): the API's response with its body unread, to stream
   * on, under `timeoutMs` instead of the page's deadline. The session statuses redirect as in
   * `request`, to `returnTo` (the screen the download was started from).
   */
  async download(path: string, returnTo: string, timeoutMs: number): Promise<Response> {
    let response: Response;
    try {
      response = await this.#send("GET", path, {}, AbortSignal.timeout(timeoutMs));
    } catch (error) {
      ({ response } = unanswered(this.#apiUrl, "GET", path, error));
    }
    if (!response.ok) await response.body?.cancel();
    throwForSessionStatus(response.status, returnTo);
    return response;
  }

  /**
   * The API's answer, its body read. A read whose connection was closed under it is sent once
   * more: a kept-alive connection the API's server had just let go is no reason for a 503, and a
   * read changes nothing. A write is never sent twice.
   */
  async #answer(method: ApiMethod, path: string, options: ApiRequestOptions<z.ZodType>) {
    const answered = async () => {
      const response = await this.#send(method, path, options);
      return { response, body: await readBody(response) };
    };
    try {
      return await answered();
    } catch (error) {
      if (MUTATING_METHODS.has(method) || !isClosedConnection(error)) throw error;
      return answered();
    }
  }

  async #send(
    method: ApiMethod,
    path: string,
    options: ApiRequestOptions<z.ZodType>,
    signal = this.#deadline ?? AbortSignal.timeout(DEFAULT_DEADLINE_MS),
  ) {
    if (MUTATING_METHODS.has(method) && this.#xsrfToken() === undefined) {
      await (await this.#send("GET", CSRF_COOKIE_PATH, {})).arrayBuffer();
    }
    const url = new URL(this.#apiUrl + path);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }

    const headers = new Headers({
      Accept: "application/json",
      "X-Requested-With": "XMLHttpRequest",
      Origin: this.#origin,
      Referer: this.#referer,
    });
    if (this.#clientAddress) headers.set("X-Forwarded-For", this.#clientAddress);
    withRequestId(headers);
    const cookieString = this.#jar.getCookieStringSync(url.href);
    if (cookieString) headers.set("Cookie", cookieString);
    const xsrfToken = this.#xsrfToken();
    if (MUTATING_METHODS.has(method) && xsrfToken !== undefined) {
      headers.set("X-XSRF-TOKEN", xsrfToken);
    }

    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      body = options.body;
    } else if (options.body !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(options.body);
    }

    const silence = silenceOf(this.#apiUrl);
    // The CSRF cookie a write asks for first is part of the write.
    const isRead = method === "GET" && path !== CSRF_COOKIE_PATH;
    const sentWith = isRead ? silence.readSignal(signal) : signal;
    const startedAt = performance.now();
    let response: Response;
    try {
      response = await fetch(url, { method, headers, body, redirect: "manual", signal: sentWith });
    } catch (error) {
      if (isTimeout(error)) silence.timedOut(`${method} ${path}`, startedAt);
      throw error;
    }
    silence.answered();
    countApiCall(response.status);
    this.#remember(response.headers.getSetCookie());
    return response;
  }

  #xsrfToken(): string | undefined {
    const cookie = this.#jar
      .getCookiesSync(this.#apiUrl)
      .find((candidate) => candidate.key === XSRF_COOKIE);
    if (!cookie) return undefined;
    try {
      return decodeURIComponent(cookie.value);
    } catch {
      return cookie.value;
    }
  }

  #remember(setCookieHeaders: string[]): void {
    for (const header of setCookieHeaders) {
      const cookie = Cookie.parse(header, { loose: true });
      this.#cookiesForBrowser.set(cookie?.key ?? header, withoutDomainAttribute(header));
      if (cookie) this.#storeInJar(cookie);
    }
  }

  /** The jar lives on the server only: it stores cookies for the API host whatever the browser's domain. */
  #storeInJar(cookie: Cookie): void {
    cookie.domain = null;
    cookie.hostOnly = null;
    cookie.secure = false;
    if (!cookie.path) cookie.path = "/";
    this.#jar.setCookieSync(cookie, this.#apiUrl, { ignoreError: true });
  }
}

/**
 * A call the API did not answer: past the request's deadline, refused or broken off (an API that
 * closes the connection on a body over its limit). A read cannot show its page: 503, which the
 * host answers with Retry-After. A write becomes the form's message, never a 500.
 */
function unanswered(apiUrl: string, method: ApiMethod, path: string, error: unknown) {
  if (!MUTATING_METHODS.has(method)) throw unansweredRead(apiUrl, method, path, error);
  noteUnanswered(apiUrl, method, path, error);
  const headers = new Headers({ "Content-Type": "application/json" });
  return { response: new Response(null, { status: 503, headers }), body: { message: NO_ANSWER } };
}

/** What a read the API did not answer throws: its page cannot be shown (503). */
export function unansweredRead(apiUrl: string, method: ApiMethod, path: string, error: unknown) {
  noteUnanswered(apiUrl, method, path, error);
  return unansweredUnavailable();
}

function noteUnanswered(apiUrl: string, method: ApiMethod, path: string, error: unknown) {
  countApiCall("unanswered");
  if (!silenceOf(apiUrl).unanswered()) return;
  const reason = error instanceof Error ? (error.cause ?? error).toString() : String(error);
  console.warn(`The API gave no answer to ${method} ${path}: ${reason}`);
}

const CLOSED_CONNECTION_CODES = new Set(["UND_ERR_SOCKET", "ECONNRESET", "EPIPE"]);

/** fetch's error when the connection closed before the answer came (not a deadline, not a refusal). */
function isClosedConnection(error: unknown): boolean {
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof code === "string" && CLOSED_CONNECTION_CODES.has(code);
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return null;
  const type = response.headers.get("Content-Type") ?? "";
  if (type.includes("json")) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function parseCookieHeader(header: string | null): { name: string; value: string }[] {
  if (!header) return [];
  return header
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part.includes("="))
    .map((part) => {
      const separator = part.indexOf("=");
      return { name: part.slice(0, separator).trim(), value: part.slice(separator + 1).trim() };
    })
    .filter((pair) => pair.name !== "");
}

export function withoutDomainAttribute(setCookie: string): string {
  return setCookie.replace(/;\s*domain=[^;]*/gi, "");
}
