import { createCookie, redirect } from "react-router";
import type { Flash } from "../components/flash-message.tsx";

export type { Flash };

const flashCookie = createCookie("almoner_flash", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60,
});

/** A redirect that carries a message to the page it leads to. */
export async function redirectWithFlash(
  to: string,
  flash: Flash,
  init: ResponseInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await flashCookie.serialize(flash));
  return redirect(to, { ...init, headers });
}

/**
 * Reads the message left for this page and clears it. Only the leaf route of a page calls
 * this, so one message is shown once.
 */
export async function takeFlash(
  request: Request,
): Promise<{ flash: Flash | null; headers: Headers }> {
  const headers = new Headers();
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes("almoner_flash=")) return { flash: null, headers };
  const value: unknown = await flashCookie.parse(cookieHeader);
  headers.append("Set-Cookie", await flashCookie.serialize("", { maxAge: 0 }));
  return { flash: isFlash(value) ? value : null, headers };
}

function isFlash(value: unknown): value is Flash {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    (candidate.kind === "success" || candidate.kind === "error") &&
    typeof candidate.message === "string"
  );
}
