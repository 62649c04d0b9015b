import type { RouterContextProvider } from "react-router";
import type { Widget, WidgetMap } from "./api-types.ts";
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
        const result = await api.get<Widget>(`/api/widgets/${encodeURIComponent(name)}`);
        if (result.ok && isWidget(result.body)) return [name, presentWidget(result.body)];
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

function isWidget(body: unknown): body is Widget {
  return typeof body === "object" && body !== null && "id" in body && "type" in body;
}

function presentWidget(widget: Widget): Widget {
  return {
    id: widget.id,
    name: widget.name,
    type: widget.type,
    html: widget.type === "TEXT" ? (widget.html ?? "") : null,
    image_url: widget.image_url ?? null,
    alt: widget.alt ?? null,
  };
}
