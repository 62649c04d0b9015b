import { useRef, type ReactNode } from "react";
import { Link, matchPath, NavLink, useLocation } from "react-router";
import type { SiteSettings, User } from "../lib/api-types.ts";
import { ChevronDownIcon, CloseIcon, HeartIcon, MenuIcon, UserIcon } from "./icons.tsx";
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

const currentClass = "text-brand-800 underline decoration-2 underline-offset-8";

const topLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-2 py-2 font-medium whitespace-nowrap transition-colors hover:bg-brand-50 hover:text-brand-800 xl:px-3 ${
    isActive ? currentClass : "text-ink"
  }`;

/** The site's header: logo, navigation and, for a signed-in member, the way to their account. */
export function SiteHeader({ settings, user }: { settings: SiteSettings; user: User | null }) {
  return (
    <header className="sticky top-0 z-40 border-b border-brand-100 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="relative mx-auto flex h-18 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          to="/"
          className="flex min-w-0 items-center gap-2 font-serif text-xl font-semibold text-brand-900 no-underline"
        >
          <span className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-700 text-white">
            <HeartIcon className="size-5" />
          </span>
          <span className="whitespace-nowrap">{settings.name}</span>
        </Link>
        <div className="flex items-center gap-2 lg:gap-3">
          <DesktopNavigation settings={settings} signedIn={user !== null} />
          {user ? <AccountLinks user={user} /> : null}
          <MobileNavigation user={user} />
        </div>
      </div>
    </header>
  );
}

function fullName(user: User): string {
  return `${user.firstname} ${user.lastname}`.trim() || user.email;
}

function initialsOf(user: User): string {
  const initials = [user.firstname, user.lastname].map((name) => name.trim().charAt(0)).join("");
  return (initials || user.email.charAt(0)).toUpperCase();
}

/**
 * The signed-in state: the member's name linking to their account (and Admin for admins) on
 * wide screens; on phones a round badge with their initials, the rest in the menu.
 */
function AccountLinks({ user }: { user: User }) {
  return (
    <>
      <div className="hidden items-center gap-1 border-l border-brand-100 pl-3 lg:flex">
        <NavLink
          to="/account"
          className={({ isActive }) =>
            `flex items-center gap-2 rounded-full px-3 py-2 font-medium whitespace-nowrap no-underline transition-colors hover:bg-brand-50 hover:text-brand-800 ${
              isActive ? "bg-brand-50 text-brand-800" : "text-ink"
            }`
          }
        >
          <UserIcon className="size-5 shrink-0" />
          <span className="sr-only">Your account: {fullName(user)}</span>
          <span aria-hidden="true" className="max-w-28 truncate xl:max-w-48">
            {user.firstname || fullName(user)}
          </span>
        </NavLink>
        {user.role === "admin" ? (
          <NavLink to="/admin" className={topLinkClass}>
            Admin
          </NavLink>
        ) : null}
      </div>
      <Link
        to="/account"
        title={`Your account: ${fullName(user)}`}
        className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-700 text-sm font-semibold text-white no-underline hover:bg-brand-800 lg:hidden"
      >
        <span aria-hidden="true">{initialsOf(user)}</span>
        <span className="sr-only">Your account: {fullName(user)}</span>
      </Link>
    </>
  );
}

function DesktopNavigation({ settings, signedIn }: { settings: SiteSettings; signedIn: boolean }) {
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
      {/* Beside a member's name they would crowd the row until the widest screens (the footer has them). */}
      <div className={signedIn ? "hidden xl:block" : undefined}>
        <SocialLinks social={settings.social} className="ml-3 border-l border-brand-100 pl-3" />
      </div>
    </nav>
  );
}

function Dropdown({ label, entries }: { label: string; entries: NavEntry[] }) {
  const detailsRef = useRef<HTMLDetailsElement>(null);
  useDetailsDismiss(detailsRef);
  const { pathname } = useLocation();
  // On /blog/some-post too: the section the page belongs to is marked like a current link.
  const current = entries.some((entry) => matchPath({ path: entry.to, end: false }, pathname));
  return (
    <details ref={detailsRef} className="group relative">
      <summary
        aria-current={current ? "true" : undefined}
        className={`flex items-center gap-1 rounded-full px-2 py-2 font-medium whitespace-nowrap transition-colors hover:bg-brand-50 hover:text-brand-800 xl:px-3 ${
          current ? currentClass : "text-ink"
        }`}
      >
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

const mobileLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block px-2 py-3 text-lg no-underline ${isActive ? "font-semibold text-brand-800" : "text-ink"}`;

function MobileNavigation({ user }: { user: User | null }) {
  const detailsRef = useRef<HTMLDetailsElement>(null);
  useDetailsDismiss(detailsRef);
  return (
    <details ref={detailsRef} className="group lg:hidden" data-mobile-menu="">
      <summary
        className={`flex items-center gap-2 rounded-full border border-brand-100 py-2 font-medium text-brand-800 hover:bg-brand-50 ${
          // Beside the account badge on a phone, the word gives way to the icon alone.
          user ? "px-2.5 sm:px-4" : "px-4"
        }`}
      >
        <MenuIcon className="size-5 group-open:hidden" />
        <CloseIcon className="hidden size-5 group-open:block" />
        <span className={user ? "sr-only sm:not-sr-only" : undefined}>Menu</span>
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
              <NavLink to={entry.to} end={entry.to === "/"} className={mobileLinkClass}>
                {entry.label}
              </NavLink>
            </li>
          ))}
        </ul>
        {user ? (
          <div className="mt-2 border-t border-brand-100 pt-3">
            <p className="px-2 text-sm text-muted">Signed in as {fullName(user)}</p>
            <ul className="divide-y divide-brand-50">
              <li>
                <NavLink to="/account" className={mobileLinkClass}>
                  Your Account
                </NavLink>
              </li>
              {user.role === "admin" ? (
                <li>
                  <NavLink to="/admin" className={mobileLinkClass}>
                    Admin
                  </NavLink>
                </li>
              ) : null}
            </ul>
          </div>
        ) : null}
      </nav>
    </details>
  );
}
