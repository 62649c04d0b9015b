import type { Widget } from "../lib/api-types.ts";
import { HeaderImage } from "./header-image.tsx";
import { WidgetBlock } from "./widget-block.tsx";

export function LegalPage({
  title,
  widgetName,
  header,
}: {
  title: string;
  widgetName: string;
  header: Widget | null | undefined;
}) {
  return (
    <>
      <HeaderImage title={title} image={header} />
      <div className="mx-auto w-full max-w-3xl px-4 py-16 sm:px-6">
        <WidgetBlock name={widgetName} />
      </div>
    </>
  );
}
