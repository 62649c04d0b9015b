import { HistoryView } from "../../components/admin/history-view.tsx";
import { loadHistory, restoreVersion } from "../../lib/history.server.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import { forButton, unansweredAs } from "../../lib/unanswered-posts.ts";
import type { Route } from "./+types/history";

/** /admin/{projects,blog,opportunities,widgets,testimonials}/{id}/history and /admin/settings/history. */
export async function loader({ context, url }: Route.LoaderArgs) {
  return loadHistory(context, url);
}

export async function action({ context, url, request }: Route.ActionArgs) {
  return restoreVersion(context, url, request);
}

/** A restore the site did not answer leaves the screen as it was, with a message. */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  unansweredAs(serverAction, (message) => ({ error: forButton(message) }));

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "History");
}

export default function AdminHistory({ loaderData, actionData }: Route.ComponentProps) {
  return <HistoryView history={loaderData} error={actionData?.error ?? null} />;
}
