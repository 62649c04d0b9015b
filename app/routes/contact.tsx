import { ContactDetails } from "../components/site-footer.tsx";
import { HeaderImage } from "../components/header-image.tsx";
import { WidgetBlock } from "../components/widget-block.tsx";
import { useRootData } from "../lib/root-data.ts";
import { pageMeta } from "../lib/seo.ts";
import { loadWidgets } from "../lib/widgets.server.ts";
import { headerImageOf, headerImageWidgets } from "../lib/header-image.ts";
import type { Route } from "./+types/contact";

const HEADER = "ContactHeader";

export async function loader({ context }: Route.LoaderArgs) {
  return {
    widgets: await loadWidgets(context, [
      ...headerImageWidgets(HEADER),
      "ContactPage1",
      "ContactPage2",
    ]),
  };
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta(
    { matches, location },
    {
      title: "Contact Us",
      description: "Call, message or write to the foundation. We are glad to hear from you.",
    },
  );
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const settings = useRootData()?.settings;
  return (
    <>
      <HeaderImage title="Contact Us" image={headerImageOf(loaderData.widgets, HEADER)} />
      <div className="mx-auto grid w-full max-w-6xl items-start gap-12 px-4 py-16 sm:px-6 lg:grid-cols-[1fr_24rem] lg:px-8">
        <div className="space-y-12">
          <WidgetBlock name="ContactPage1" />
          <section
            aria-labelledby="contact-form-title"
            className="rounded-3xl bg-white p-8 shadow-sm ring-1 ring-brand-100"
          >
            <h2 id="contact-form-title" className="text-2xl font-semibold">
              Contact Us By Email
            </h2>
            <p className="mt-2 text-muted">
              Write to us with your name, telephone number and message, and we will reply by email.
            </p>
          </section>
          <WidgetBlock name="ContactPage2" />
        </div>
        {settings ? (
          <aside
            aria-labelledby="contact-details-title"
            className="rounded-3xl bg-brand-800 p-8 text-brand-50 shadow-lg"
          >
            <h2 id="contact-details-title" className="text-2xl font-semibold text-white">
              {settings.name}
            </h2>
            <ContactDetails settings={settings} className="mt-6 space-y-4" />
          </aside>
        ) : null}
      </div>
    </>
  );
}
