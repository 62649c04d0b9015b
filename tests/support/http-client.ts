import { CookieJar } from "tough-cookie";

export type TestResponse<T = any> = {
  status: number;
  headers: Headers;
  body: T;
  text: string;
};

type RequestOptions = {
  json?: unknown;
  form?: FormData;
  /** A body sent as it is (set its Content-Type in `headers`). */
  body?: string;
  headers?: Record<string, string>;
  /** Send the X-XSRF-TOKEN header from the jar (default true). */
  xsrf?: boolean;
};

/**
 * A browser-like client over real HTTP: keeps cookies, sends the headers of DESIGN §5
 * (JSON, XMLHttpRequest, Origin/Referer of the web tier) and the XSRF token.
 */
export class HttpClient {
  readonly jar = new CookieJar();
  readonly baseUrl: string;
  readonly origin: string | null;

  constructor(baseUrl: string, options: { origin?: string | null } = {}) {
    this.baseUrl = baseUrl.replace(/\/+$/, "");
    this.origin = options.origin === undefined ? null : options.origin;
  }

  async cookie(name: string): Promise<string | undefined> {
    const cookies = await this.jar.getCookies(this.baseUrl);
    return cookies.find((c) => c.key === name)?.value;
  }

  async setCookie(name: string, value: string): Promise<void> {
    await this.jar.setCookie(`${name}=${value}; Path=/`, this.baseUrl);
  }

  async csrf(): Promise<TestResponse> {
    return this.get("/sanctum/csrf-cookie");
  }

  get = <T = any>(path: string, options?: RequestOptions) => this.request<T>("GET", path, options);
  post = <T = any>(path: string, json?: unknown, options?: RequestOptions) =>
    this.request<T>("POST", path, { json, ...options });
  put = <T = any>(path: string, json?: unknown, options?: RequestOptions) =>
    this.request<T>("PUT", path, { json, ...options });
  patch = <T = any>(path: string, json?: unknown, options?: RequestOptions) =>
    this.request<T>("PATCH", path, { json, ...options });
  delete = <T = any>(path: string, options?: RequestOptions) =>
    this.request<T>("DELETE", path, options);

  async request<T = any>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<TestResponse<T>> {
    const url = `${this.baseUrl}${path}`;
    const headers: Record<string, string> = {
      Accept: "application/json",
      "X-Requested-With": "XMLHttpRequest",
    };
    if (this.origin) {
      headers.Origin = this.origin;
      headers.Referer = `${this.origin}/`;
    }
    const cookieHeader = await this.jar.getCookieString(url);
    if (cookieHeader) headers.Cookie = cookieHeader;
    if (options.xsrf !== false && method !== "GET") {
      const token = await this.cookie("XSRF-TOKEN");
      if (token) headers["X-XSRF-TOKEN"] = decodeURIComponent(token);
    }
    let body: BodyInit | undefined;
    if (options.body !== undefined) body = options.body;
    else if (options.form) body = options.form;
    else if (options.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(options.json);
    }
    Object.assign(headers, options.headers);
    const response = await fetch(url, { method, headers, body, redirect: "manual" });
    for (const setCookie of response.headers.getSetCookie()) {
      await this.jar.setCookie(setCookie, url, { ignoreError: true });
    }
    const text = await response.text();
    let parsed: unknown = null;
    if (text && response.headers.get("content-type")?.includes("json")) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }
}
