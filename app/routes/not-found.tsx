import { throwNotFound } from "../lib/api.server.ts";

/** Any path the route table does not know: the root error boundary shows the 404 page. */
export function loader(): never {
  throwNotFound();
}

export default function NotFound() {
  return null;
}
