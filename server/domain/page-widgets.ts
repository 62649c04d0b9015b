/** Where on the public site a widget shows, as staff read it: "About page, first block". */
export type WidgetLocation = {
  /** The page, as staff call it: "About page". */
  page: string;
  /** The page's address on the site, for a link to it. */
  path: string;
  /** Where on the page: "first block", "banner picture". */
  place: string;
};

const BANNER = "banner picture";

/**
 * The widgets the site's pages load by name, and where each shows: the one list of them (the
 * web tier's page routes ask for these names; admin reads carry the location, record 035). Such
 * a widget can be neither renamed nor deleted, or its page would lose it.
 */
const PAGE_WIDGETS: ReadonlyMap<string, WidgetLocation> = new Map([
  [
    "HeaderImage",
    {
      page: "Every content page",
      path: "/about",
      place: "banner picture where the page has none of its own",
    },
  ],
  ["HomeImage", { page: "Home page", path: "/", place: "main picture" }],
  ["HomeText", { page: "Home page", path: "/", place: "welcome text" }],
  ["AboutHeader", { page: "About page", path: "/about", place: BANNER }],
  ["AboutText1", { page: "About page", path: "/about", place: "first block" }],
  ["AboutText2", { page: "About page", path: "/about", place: "second block" }],
  ["AboutText3", { page: "About page", path: "/about", place: "third block" }],
  ["FoundersHeader", { page: "Founders page", path: "/founders", place: BANNER }],
  ["FoundersText1", { page: "Founders page", path: "/founders", place: "first block" }],
  ["Founder1Image", { page: "Founders page", path: "/founders", place: "founder's picture" }],
  [
    "Founder1Text",
    { page: "Founders page", path: "/founders", place: "text beside the founder's picture" },
  ],
  ["DonateHeader", { page: "Donate page", path: "/donate", place: BANNER }],
  ["DonateText1", { page: "Donate page", path: "/donate", place: "first block" }],
  [
    "DonateImage1",
    { page: "Donate page", path: "/donate", place: "picture after the first block" },
  ],
  ["DonateText2", { page: "Donate page", path: "/donate", place: "block after the picture" }],
  ["DonateText3", { page: "Donate page", path: "/donate", place: "last block" }],
  ["ContactHeader", { page: "Contact page", path: "/contact", place: BANNER }],
  ["ContactPage1", { page: "Contact page", path: "/contact", place: "block above the form" }],
  ["ContactPage2", { page: "Contact page", path: "/contact", place: "block below the form" }],
  ["BlogHeader", { page: "News and Updates page", path: "/blog", place: BANNER }],
  ["ProjectsHeader", { page: "Our Focus page", path: "/projects", place: BANNER }],
  ["OpportunitiesHeader", { page: "Opportunities page", path: "/opportunities", place: BANNER }],
  ["LegalHeader", { page: "Legal pages", path: "/legal/privacy", place: BANNER }],
  ["PrivacyPolicy", { page: "Privacy Policy page", path: "/legal/privacy", place: "text" }],
  ["Terms", { page: "Terms and Conditions page", path: "/legal/terms", place: "text" }],
  ["Cookies", { page: "Cookie Policy page", path: "/legal/cookies", place: "text" }],
]);

/** Where the site's pages show the widget of this name; null for one no page asks for. */
export function pageWidgetLocation(name: string): WidgetLocation | null {
  return PAGE_WIDGETS.get(name) ?? null;
}

export function isPageWidget(name: string): boolean {
  return PAGE_WIDGETS.has(name);
}

export const PAGE_WIDGET_IN_USE = "This widget is used by the site's pages and cannot be deleted.";

/** Why a page's widget keeps its name: "This widget is used on the About page; …". */
export function pageWidgetNameFixed({ page }: WidgetLocation): string {
  const where = page.startsWith("Every ") ? page.toLowerCase() : `the ${page}`;
  return `This widget is used on ${where}; its name cannot be changed.`;
}
