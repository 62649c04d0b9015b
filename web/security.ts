import { IncomingMessage, type OutgoingHttpHeaders, ServerResponse } from "node:http";
import { Socket } from "node:net";
import helmet from "helmet";

/** The script sources (a nonce, or the hashes of a shared page's scripts) of each response. */
const scriptSourcesOf = new WeakMap<ServerResponse, string>();
const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=()";

export type SecurityHeaders = {
  /** Sets every security header on `res`; `scripts` name the inline scripts it may run. */
  apply(res: ServerResponse, scripts?: readonly string[]): void;
  /** The same headers as one object, kept with a page the render cache stores. */
  forStoredPage(scripts: readonly string[]): OutgoingHttpHeaders;
};

/**
 * helmet with our policy. Images may come from any https host (an editor's link, a backend's
 * storage) and the API's origin; `blob:` is the preview of a picture chosen in an admin form.
 * Pictures, cards and feeds may be shown by other sites (feed readers), so resources stay
 * cross-origin, as they were before helmet.
 */
export function securityHeaders(https: boolean, imageOrigins: readonly string[]): SecurityHeaders {
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req, res) => scriptSourcesOf.get(res) ?? ""],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:", ...imageOrigins],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", "https:"],
        mediaSrc: ["'self'", "https:"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    crossOriginResourcePolicy: { policy: "cross-origin" },
    // `Origin-Agent-Cluster: ?1` broke Lighthouse's trace of a news post (NO_NAVSTART), and the
    // site never shared an agent cluster across origins anyway.
    originAgentCluster: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: "deny" },
  });

  // helmet's middleware reads nothing of the request: one detached request serves every answer.
  const detached = new IncomingMessage(new Socket());
  function apply(res: ServerResponse, scripts: readonly string[] = []): void {
    scriptSourcesOf.set(res, scripts.join(" "));
    middleware(detached, res, (error?: unknown) => {
      if (error) throw error;
    });
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
  }

  return {
    apply,
    forStoredPage(scripts) {
      const res = new ServerResponse(detached);
      apply(res, scripts);
      return res.getHeaders();
    },
  };
}
