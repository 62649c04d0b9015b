import type { ReactNode } from "react";
import { Link } from "react-router";

/** The payment provider's donate button: an external link, or the site's own donate page. */
export function DonateLink({
  href,
  className = "button-donate",
  children = "Donate Now",
}: {
  href: string;
  className?: string;
  children?: ReactNode;
}) {
  if (href.startsWith("/")) {
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className} rel="noopener">
      {children}
    </a>
  );
}
