import { AdminTestimonials } from "../../components/admin/admin-testimonials.tsx";
import {
  adminTestimonialsAction,
  loadAdminTestimonialsScreen,
} from "../../lib/admin-testimonials.server.ts";
import { revalidateAfterConflict } from "../../lib/changed-meanwhile.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import { formUnanswered, unansweredAs } from "../../lib/unanswered-posts.ts";
import type { Route } from "./+types/testimonials";

export async function loader({ context, request, url }: Route.LoaderArgs) {
  return loadAdminTestimonialsScreen(context, { request, url });
}

export async function action({ context, request, url }: Route.ActionArgs) {
  return adminTestimonialsAction(context, { request, url });
}

/** A post the site did not answer keeps the form as typed, with a message (lib/unanswered-posts.ts). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  unansweredAs(serverAction, (message) => ({ ...formUnanswered(message), review: undefined }));

/** A save stopped by a colleague's change (409, record 057) shows the testimonial as saved now. */
export { revalidateAfterConflict as shouldRevalidate };

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Testimonials");
}

export default function AdminTestimonialsRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminTestimonials
      testimonials={loaderData.testimonials}
      page={loaderData.page}
      pageCount={loaderData.pageCount}
      search={loaderData.search}
      flash={loaderData.flash}
      adding={loaderData.adding}
      keptAdd={loaderData.keptAdd}
      unavailable={loaderData.unavailable}
      editing={loaderData.editing}
      draft={loaderData.draft}
      confirmingDelete={loaderData.confirmingDelete}
      saveResult={actionData?.result}
      submittedReview={actionData?.review}
      conflict={actionData && "conflict" in actionData ? actionData.conflict : undefined}
      merge={actionData && "merge" in actionData ? actionData.merge : undefined}
      gone={actionData && "gone" in actionData ? actionData.gone : undefined}
      savedMeanwhile={
        actionData && "savedMeanwhile" in actionData ? actionData.savedMeanwhile : undefined
      }
    />
  );
}
