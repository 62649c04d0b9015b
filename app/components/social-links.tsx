import type { SiteSettings } from "../lib/api-types.ts";
import { FacebookIcon, InstagramIcon, TwitterIcon } from "./icons.tsx";

export function SocialLinks({
  social,
  className = "",
  tone = "dark",
}: {
  social: SiteSettings["social"];
  className?: string;
  tone?: "dark" | "light";
}) {
  const links = [
    { label: "Facebook", href: social.facebook, Icon: FacebookIcon },
    { label: "Instagram", href: social.instagram, Icon: InstagramIcon },
    { label: "Twitter", href: social.twitter, Icon: TwitterIcon },
  ];
  const colours =
    tone === "dark"
      ? "text-brand-700 hover:bg-brand-50 hover:text-brand-900"
      : "text-white hover:bg-white/15";
  return (
    <ul className={`flex items-center gap-1 ${className}`}>
      {links.map(({ label, href, Icon }) => (
        <li key={label}>
          <a
            href={href}
            aria-label={label}
            rel="noopener noreferrer"
            className={`grid size-10 place-items-center rounded-full transition-colors ${colours}`}
          >
            <Icon className="size-5" />
          </a>
        </li>
      ))}
    </ul>
  );
}
