import type { RouterContextProvider } from "react-router";
import { WidgetSchema, type Widget, type WidgetMap } from "./api-types.ts";
import { apiClientContext } from "./request-context.server.ts";

/** Loads named widgets in parallel; a missing or failing widget is null and renders nothing. */
export async function loadWidgets(
  context: Readonly<RouterContextProvider>,
  names: readonly string[],
): Promise<WidgetMap> {
  const api = context.get(apiClientContext);
  const entries = await Promise.all(
    names.map(async (name): Promise<[string, Widget | null]> => {
      try {
        const result = await api.get(`/api/widgets/${encodeURIComponent(name)}`, {
          schema: WidgetSchema,
        });
        if (result.ok) return [name, result.body];
        if (result.status !== 404) {
          console.error(`Widget ${name} failed to load: the API answered ${result.status}`);
        }
      } catch (error) {
        console.error(`Widget ${name} failed to load:`, error);
      }
      return [name, null];
    }),
  );
  return Object.fromEntries(entries);
}
