import { throwNotFound } from "../lib/api.server.ts";

/**
 * Any path the route table does not know: the nearest error boundary shows the 404 page, the
 * root's or, under /admin and /account, the area's with its menu.
 */
export function loader(): never {
  throwNotFound();
}

export default function NotFound() {
  return null;
}
