import { ScreenHeading } from "../../components/side-menu.tsx";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/blog-post";

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Manage Blog");
}

export default function AdminBlogPost() {
  return (
    <ScreenHeading title="Manage Blog">
      Edit the post's text, publish date, image and photos.
    </ScreenHeading>
  );
}
