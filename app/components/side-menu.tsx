import { useEffect, useRef, type ReactNode } from "react";
import { NavLink, useLocation } from "react-router";

export type SideMenuEntry = {
  label: string;
  to: string;
  end?: boolean;
  /** A count beside the label (Messages' unread ones), and what it counts: "unread". */
  count?: { value: number; of: string };
};

const entryClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-4 py-2.5 font-medium whitespace-nowrap no-underline transition-colors ${
    isActive ? "bg-brand-700 text-white" : "text-ink hover:bg-brand-50 hover:text-brand-800"
  }`;

/**
 * The account and admin areas' menu: a column beside the page on wide screens. On phones a short
 * menu (`wrap`, the account's) is two columns, every entry in view; a long one (the admin's)
 * stays one row that scrolls sideways, shaded at an edge while more of it lies beyond (CSS
 * only, so without JavaScript too). With JavaScript the current entry is scrolled into view.
 */
export function SideMenu({
  label,
  entries,
  wrap = false,
  children,
}: {
  label: string;
  entries: SideMenuEntry[];
  wrap?: boolean;
  children?: ReactNode;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const list = listRef.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  return (
    <nav aria-label={label} className="rounded-2xl bg-white shadow-sm ring-1 ring-brand-100">
      <ul
        ref={listRef}
        data-side-menu=""
        className={`relative gap-1 p-2 lg:flex lg:flex-col lg:p-3 ${
          wrap
            ? "grid grid-cols-2 max-sm:text-[0.9375rem] sm:flex sm:flex-wrap [&_:is(a,button)]:px-3 sm:[&_:is(a,button)]:px-4 [&_a]:whitespace-normal"
            : "flex scroll-shadows snap-x overflow-x-auto rounded-2xl [scrollbar-width:thin] lg:overflow-visible lg:bg-none [&>li]:shrink-0 [&>li]:snap-start"
        }`}
      >
        {entries.map((entry) => (
          <li key={entry.to}>
            <NavLink
              to={entry.to}
              end={entry.end}
              aria-label={
                entry.count ? `${entry.label}, ${entry.count.value} ${entry.count.of}` : undefined
              }
              className={entryClass}
            >
              {entry.label}
              {entry.count ? <MenuCount value={entry.count.value} /> : null}
            </NavLink>
          </li>
        ))}
        {children}
      </ul>
    </nav>
  );
}

/** A badge beside the label; the link's name says what it counts: "Messages, 3 unread". */
function MenuCount({ value }: { value: number }) {
  return (
    <span className="ml-2 inline-block min-w-6 rounded-full bg-donate-500 px-1.5 text-center text-sm font-bold text-ink">
      {value}
    </span>
  );
}

/** The frame of the account and admin areas: menu beside the screen. */
export function AreaLayout({ menu, children }: { menu: ReactNode; children: ReactNode }) {
  return (
    <div className="flex-1 bg-sand/50">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[16rem_1fr] lg:px-8">
        <div className="min-w-0 lg:sticky lg:top-28 lg:self-start">{menu}</div>
        <div className="min-w-0 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-brand-100 sm:p-10">
          {children}
        </div>
      </div>
    </div>
  );
}

export function ScreenHeading({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <>
      <h1 className="text-3xl font-semibold sm:text-4xl">{title}</h1>
      {children ? <p className="mt-3 max-w-2xl text-lg text-muted">{children}</p> : null}
    </>
  );
}
