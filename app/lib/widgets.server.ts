import type { RouterContextProvider } from "react-router";
import { WidgetSchema, type Widget, type WidgetMap } from "./api-types.ts";
import { requestFactsContext } from "./request-context.server.ts";
import { getShared } from "./shared-data.server.ts";
import { logFallback } from "./api.server.ts";

/**
 * Loads named widgets in parallel; a missing or failing widget is null and renders nothing. A
 * widget by name is the same for everyone, so it is shared between requests.
 */
export async function loadWidgets(
  context: Readonly<RouterContextProvider>,
  names: readonly string[],
): Promise<WidgetMap> {
  const { config, deadline } = context.get(requestFactsContext);
  const entries = await Promise.all(
    names.map(async (name): Promise<[string, Widget | null]> => {
      try {
        const path = `/api/widgets/${encodeURIComponent(name)}`;
        const result = await getShared(
          config,
          path,
          (api) => api.get(path, { schema: WidgetSchema }),
          deadline,
        );
        if (result.ok) return [name, result.body];
        if (result.status !== 404) {
          console.error(`Widget ${name} failed to load: the API answered ${result.status}`);
        }
      } catch (error) {
        logFallback(`Widget ${name}`, error);
      }
      return [name, null];
    }),
  );
  return Object.fromEntries(entries);
}
