import { useRef, type ReactNode } from "react";
import { Link, NavLink } from "react-router";
import type { SiteSettings } from "../lib/api-types.ts";
import { ChevronDownIcon, CloseIcon, HeartIcon, MenuIcon } from "./icons.tsx";
import { SocialLinks } from "./social-links.tsx";
import { closeDetailsOnLinkClick, useDetailsDismiss } from "./use-details-dismiss.ts";

type NavEntry = { label: string; to: string };

const OUR_MISSION: NavEntry[] = [
  { label: "About The Foundation", to: "/about" },
  { label: "About Our Founder", to: "/founders" },
  { label: "Our Focus", to: "/projects" },
];

const GET_INVOLVED: NavEntry[] = [
  { label: "Opportunities", to: "/opportunities" },
  { label: "News and Updates", to: "/blog" },
];

const MOBILE_ENTRIES: NavEntry[] = [
  { label: "Home", to: "/" },
  { label: "Our Focus", to: "/projects" },
  { label: "News & Updates", to: "/blog" },
  { label: "About Us", to: "/about" },
  { label: "Our Founder", to: "/founders" },
  { label: "Opportunities", to: "/opportunities" },
  { label: "Donate", to: "/donate" },
  { label: "Contact Us", to: "/contact" },
];

const topLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-3 py-2 font-medium transition-colors hover:bg-brand-50 hover:text-brand-800 ${
    isActive ? "text-brand-800 underline decoration-2 underline-offset-8" : "text-ink"
  }`;

export function SiteHeader({ settings }: { settings: SiteSettings }) {
  return (
    <header className="sticky top-0 z-40 border-b border-brand-100 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="relative mx-auto flex h-18 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          to="/"
          className="flex items-center gap-2 font-serif text-xl font-semibold text-brand-900 no-underline"
        >
          <span className="grid size-9 place-items-center rounded-full bg-brand-700 text-white">
            <HeartIcon className="size-5" />
          </span>
          <span>{settings.name}</span>
        </Link>
        <DesktopNavigation settings={settings} />
        <MobileNavigation />
      </div>
    </header>
  );
}

function DesktopNavigation({ settings }: { settings: SiteSettings }) {
  return (
    <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
      <ul className="flex items-center gap-1">
        <li>
          <NavLink to="/" end className={topLinkClass}>
            Home
          </NavLink>
        </li>
        <li>
          <Dropdown label="Our Mission" entries={OUR_MISSION} />
        </li>
        <li>
          <Dropdown label="Get Involved" entries={GET_INVOLVED} />
        </li>
        <li>
          <NavLink to="/donate" className={topLinkClass}>
            Donate
          </NavLink>
        </li>
        <li>
          <NavLink to="/contact" className={topLinkClass}>
            Contact Us
          </NavLink>
        </li>
      </ul>
      <SocialLinks social={settings.social} className="ml-3 border-l border-brand-100 pl-3" />
    </nav>
  );
}

function Dropdown({ label, entries }: { label: string; entries: NavEntry[] }) {
  const detailsRef = useRef<HTMLDetailsElement>(null);
  useDetailsDismiss(detailsRef);
  return (
    <details ref={detailsRef} className="group relative">
      <summary className="flex items-center gap-1 rounded-full px-3 py-2 font-medium text-ink transition-colors hover:bg-brand-50 hover:text-brand-800">
        {label}
        <ChevronDownIcon className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <DropdownPanel>
        {entries.map((entry) => (
          <li key={entry.to}>
            <NavLink
              to={entry.to}
              className={({ isActive }) =>
                `block rounded-lg px-4 py-2.5 no-underline hover:bg-brand-50 hover:text-brand-800 ${
                  isActive ? "bg-brand-50 font-semibold text-brand-800" : "text-ink"
                }`
              }
            >
              {entry.label}
            </NavLink>
          </li>
        ))}
      </DropdownPanel>
    </details>
  );
}

function DropdownPanel({ children }: { children: ReactNode }) {
  return (
    // The panel only relays clicks on its links to close the menu; the links stay the controls.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <ul
      onClick={closeDetailsOnLinkClick}
      className="absolute left-0 top-full z-50 mt-2 w-64 rounded-xl border border-brand-100 bg-white p-2 shadow-lg"
    >
      {children}
    </ul>
  );
}

function MobileNavigation() {
  const detailsRef = useRef<HTMLDetailsElement>(null);
  useDetailsDismiss(detailsRef);
  return (
    <details ref={detailsRef} className="group lg:hidden" data-mobile-menu="">
      <summary className="flex items-center gap-2 rounded-full border border-brand-100 px-4 py-2 font-medium text-brand-800 hover:bg-brand-50">
        <MenuIcon className="size-5 group-open:hidden" />
        <CloseIcon className="hidden size-5 group-open:block" />
        <span>Menu</span>
      </summary>
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <nav
        aria-label="Mobile"
        onClick={closeDetailsOnLinkClick}
        className="absolute inset-x-0 top-full z-50 border-b border-brand-100 bg-white px-4 pb-6 pt-2 shadow-lg sm:px-6"
      >
        <ul className="divide-y divide-brand-50">
          {MOBILE_ENTRIES.map((entry) => (
            <li key={entry.to}>
              <NavLink
                to={entry.to}
                end={entry.to === "/"}
                className={({ isActive }) =>
                  `block px-2 py-3 text-lg no-underline ${
                    isActive ? "font-semibold text-brand-800" : "text-ink"
                  }`
                }
              >
                {entry.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}
