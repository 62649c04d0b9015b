import { Link } from "react-router";
import type { SiteSettings } from "../lib/api-types.ts";
import { ChatIcon, MailIcon, MapPinIcon, PhoneIcon } from "./icons.tsx";
import { SocialLinks } from "./social-links.tsx";

const FOOTER_LINKS = [
  { label: "Account", to: "/account" },
  { label: "Terms", to: "/legal/terms" },
  { label: "Privacy", to: "/legal/privacy" },
  { label: "Cookies", to: "/legal/cookies" },
];

export function whatsAppUrl(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, "")}`;
}

export function SiteFooter({ settings }: { settings: SiteSettings }) {
  return (
    <footer className="mt-auto bg-brand-900 text-brand-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-3 lg:px-8">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="font-serif text-2xl font-semibold text-white">
            {settings.name}
          </h2>
          <p className="mt-3 max-w-sm text-brand-100">
            Helping people be healthy, wealthy, educated and safe.
          </p>
          <SocialLinks social={settings.social} tone="light" className="-ml-2 mt-4" />
        </section>
        <section aria-labelledby="footer-contact">
          <h2
            id="footer-contact"
            className="font-sans text-sm font-semibold tracking-widest text-white uppercase"
          >
            Get in touch
          </h2>
          <ContactDetails settings={settings} />
        </section>
        <nav aria-labelledby="footer-links">
          <h2
            id="footer-links"
            className="font-sans text-sm font-semibold tracking-widest text-white uppercase"
          >
            Useful links
          </h2>
          <ul className="mt-4 space-y-2">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="text-brand-50 underline-offset-4 hover:text-white hover:underline"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-sm text-brand-100 sm:px-6 lg:px-8">
          © {new Date().getFullYear()} {settings.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

export function ContactDetails({
  settings,
  className = "mt-4 space-y-3",
}: {
  settings: SiteSettings;
  className?: string;
}) {
  return (
    <ul className={className}>
      {settings.address ? (
        <li className="flex gap-3">
          <MapPinIcon className="mt-1 size-5 shrink-0" />
          <span>
            <span className="sr-only">Address: </span>
            <span className="whitespace-pre-line">{settings.address}</span>
          </span>
        </li>
      ) : null}
      {settings.phone ? (
        <li className="flex gap-3">
          <PhoneIcon className="mt-1 size-5 shrink-0" />
          <span>
            <span className="sr-only">Phone: </span>
            <a
              href={`tel:${settings.phone.replace(/[^\d+]/g, "")}`}
              className="underline-offset-4 hover:underline"
            >
              {settings.phone}
            </a>
          </span>
        </li>
      ) : null}
      {settings.whatsapp ? (
        <li className="flex gap-3">
          <ChatIcon className="mt-1 size-5 shrink-0" />
          <span>
            WhatsApp:{" "}
            <a href={whatsAppUrl(settings.whatsapp)} className="underline-offset-4 hover:underline">
              {settings.whatsapp}
            </a>
          </span>
        </li>
      ) : null}
      {settings.email ? (
        <li className="flex gap-3">
          <MailIcon className="mt-1 size-5 shrink-0" />
          <span>
            <span className="sr-only">Email: </span>
            <a
              href={`mailto:${settings.email}`}
              className="break-all underline-offset-4 hover:underline"
            >
              {settings.email}
            </a>
          </span>
        </li>
      ) : null}
    </ul>
  );
}
