import { ScreenHeading } from "../../components/side-menu.tsx";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/widget";

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Edit Widget");
}

export default function AdminWidget() {
  return (
    <ScreenHeading title="Edit Widget">
      Change the text or image of this content block.
    </ScreenHeading>
  );
}
