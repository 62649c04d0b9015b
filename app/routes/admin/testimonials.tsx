import { ScreenHeading } from "../../components/side-menu.tsx";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/testimonials";

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Testimonials");
}

export default function AdminTestimonials() {
  return <ScreenHeading title="Testimonials">What people say about the foundation.</ScreenHeading>;
}
