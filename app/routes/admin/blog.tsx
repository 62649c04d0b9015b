import { ScreenHeading } from "../../components/side-menu.tsx";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/blog";

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Blog");
}

export default function AdminBlog() {
  return <ScreenHeading title="Blog">News and updates, newest first.</ScreenHeading>;
}
