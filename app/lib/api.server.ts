import { data, redirect } from "react-router";
import { Cookie, CookieJar } from "tough-cookie";

export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type ApiRequestOptions = {
  body?: FormData | Record<string, unknown> | unknown[];
  query?: Record<string, string | number | undefined>;
};

export type ApiResult<T> = {
  status: number;
  ok: boolean;
  body: T;
  headers: Headers;
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
};

export type FormFailure = {
  status: number;
  formError: string | null;
  fieldErrors: Record<string, string[]>;
};

const XSRF_COOKIE = "XSRF-TOKEN";
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
  readonly #jar = new CookieJar(undefined, {
    rejectPublicSuffixes: false,
    allowSecureOnLocal: true,
    enforceSecureOriginOnStorage: false,
    prefixSecurity: "unsafe-disabled",
  });
  /** The latest `Set-Cookie` per cookie name, in the order the names first came. */
  readonly #cookiesForBrowser = new Map<string, string>();

  constructor(options: ApiClientOptions) {
    this.#apiUrl = options.apiUrl.replace(/\/+$/, "");
    this.#origin = new URL(options.appUrl).origin;
    this.#referer = new URL(options.pageLocation, options.appUrl).href;
    this.#clientAddress = options.clientAddress;
    this.pageLocation = options.pageLocation;
    for (const pair of parseCookieHeader(options.cookieHeader)) {
      this.#storeInJar(new Cookie({ key: pair.name, value: pair.value, path: "/" }));
    }
  }

  /** Whether the browser sent any cookie at all: without one there is no session to ask about. */
  get hasCookies(): boolean {
    return this.#jar.getCookiesSync(this.#apiUrl).length > 0;
  }

  /** Every `Set-Cookie` the API sent during this request, with `Domain` dropped. */
  get cookiesForBrowser(): readonly string[] {
    return [...this.#cookiesForBrowser.values()];
  }

  get<T>(path: string, options?: Omit<ApiRequestOptions, "body">): Promise<ApiResult<T>> {
    return this.request<T>("GET", path, options);
  }

  post<T>(path: string, body?: ApiRequestOptions["body"]): Promise<ApiResult<T>> {
    return this.request<T>("POST", path, { body });
  }

  put<T>(path: string, body?: ApiRequestOptions["body"]): Promise<ApiResult<T>> {
    return this.request<T>("PUT", path, { body });
  }

  patch<T>(path: string, body?: ApiRequestOptions["body"]): Promise<ApiResult<T>> {
    return this.request<T>("PATCH", path, { body });
  }

  delete<T>(path: string): Promise<ApiResult<T>> {
    return this.request<T>("DELETE", path);
  }

  /** GET that must succeed: session statuses redirect, 404 shows the 404 page, others throw. */
  async read<T>(path: string, options?: Omit<ApiRequestOptions, "body">): Promise<T> {
    return expectSuccess(await this.get<T>(path, options), this.pageLocation);
  }

  async request<T>(
    method: ApiMethod,
    path: string,
    options: ApiRequestOptions = {},
  ): Promise<ApiResult<T>> {
    if (MUTATING_METHODS.has(method) && this.#xsrfToken() === undefined) {
      await this.request("GET", "/sanctum/csrf-cookie");
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

    const response = await fetch(url, { method, headers, body, redirect: "manual" });
    this.#remember(response.headers.getSetCookie());
    return {
      status: response.status,
      ok: response.ok,
      body: (await readBody(response)) as T,
      headers: response.headers,
    };
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

export function loginPath(pageLocation: string): string {
  return `/login?redirectTo=${encodeURIComponent(pageLocation)}`;
}

/** 401/419 → Login, 403 → VerifyEmail, 423 → ConfirmPassword (spec §4, §8). */
export function throwForSessionStatus(result: ApiResult<unknown>, pageLocation: string): void {
  switch (result.status) {
    case 401:
    case 419:
      throw redirect(loginPath(pageLocation));
    case 403:
      throw redirect("/verify-email");
    case 423:
      throw redirect(`/confirm-password?redirectTo=${encodeURIComponent(pageLocation)}`);
  }
}

export function throwNotFound(): never {
  throw data({ message: "Not Found." }, { status: 404 });
}

export function expectSuccess<T>(result: ApiResult<T>, pageLocation: string): T {
  throwForSessionStatus(result, pageLocation);
  if (result.status === 404) throwNotFound();
  if (!result.ok) {
    throw new Error(`The API answered ${result.status} ${messageOf(result.body) ?? ""}`.trim());
  }
  return result.body;
}

/** What a form shows after a failed save: field errors (422) or one message (413, 429, others). */
export function formFailureFrom(result: ApiResult<unknown>): FormFailure {
  const failure: FormFailure = { status: result.status, formError: null, fieldErrors: {} };
  switch (result.status) {
    case 422:
      failure.fieldErrors = fieldErrorsOf(result.body);
      failure.formError = messageOf(result.body);
      break;
    case 413:
      failure.fieldErrors = { image: ["The image you have uploaded is too large"] };
      failure.formError = "The image you have uploaded is too large";
      break;
    case 429:
      failure.formError = tooManyAttemptsMessage(result.headers.get("Retry-After"));
      break;
    default:
      failure.formError = messageOf(result.body) ?? "Something went wrong. Please try again.";
  }
  return failure;
}

export function messageOf(body: unknown): string | null {
  if (isRecord(body) && typeof body.message === "string" && body.message !== "") {
    return body.message;
  }
  return null;
}

/** Accepts Laravel's `{"message", "errors": {field: [...]}}` and the bare `{field: "message"}`. */
export function fieldErrorsOf(body: unknown): Record<string, string[]> {
  if (!isRecord(body)) return {};
  const source = isRecord(body.errors) ? body.errors : body;
  const errors: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(source)) {
    if (source === body && field === "message") continue;
    const messages = (Array.isArray(value) ? value : [value]).filter(
      (message): message is string => typeof message === "string",
    );
    if (messages.length > 0) errors[field] = messages;
  }
  return errors;
}

export function tooManyAttemptsMessage(retryAfter: string | null): string {
  const seconds = secondsToWait(retryAfter);
  if (seconds === null) return "Too many attempts. Please wait a moment and try again.";
  if (seconds < 90) {
    return `Too many attempts. Please try again in ${seconds} second${seconds === 1 ? "" : "s"}.`;
  }
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Please try again in ${minutes} minutes.`;
}

function secondsToWait(retryAfter: string | null): number | null {
  if (!retryAfter) return null;
  if (/^\d+$/.test(retryAfter.trim())) return Number(retryAfter.trim());
  const until = Date.parse(retryAfter);
  if (Number.isNaN(until)) return null;
  return Math.max(1, Math.ceil((until - Date.now()) / 1000));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
