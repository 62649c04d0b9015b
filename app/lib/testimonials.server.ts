import type { RouterContextProvider } from "react-router";
import { logFallback, type ApiClient } from "./api.server.ts";
import { pagedSchema, TestimonialSchema, type Testimonial } from "./api-types.ts";
import { requestFactsContext } from "./request-context.server.ts";
import { getShared } from "./shared-data.server.ts";

/**
 * The newest few testimonials, for the home page. The page they sit on never fails because of
 * them: any failure is logged and the section is left out.
 */
export async function loadNewestTestimonials(
  context: Readonly<RouterContextProvider>,
  count: number,
): Promise<Testimonial[]> {
  const path = `/api/testimonials?page=0&limit=${count}`;
  try {
    // The same for everyone: asked without the visitor's cookies and shared between requests.
    const { config, deadline } = context.get(requestFactsContext);
    const read = (api: ApiClient) =>
      api.get(path, {
        schema: pagedSchema(TestimonialSchema),
        // A public read: a session status here is a problem of the API, not a reason to leave Home.
        handles: [401, 403, 419, 423],
      });
    const result = await getShared(config, path, read, deadline);
    if (!result.ok) throw new Error(`the API answered ${result.status}`);
    return result.body.results.slice(0, count);
  } catch (error) {
    logFallback("The testimonials", error);
    return [];
  }
}
