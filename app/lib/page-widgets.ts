import { HEADER_IMAGE_WIDGET } from "./header-image.ts";

/**
 * Every widget the site's pages load by name (`loadWidgets` in app/routes). Such a widget cannot
 * be deleted; the API keeps the same list (PAGE_WIDGETS in server/domain/widgets.ts).
 */
export const PAGE_WIDGET_NAMES: readonly string[] = [
  HEADER_IMAGE_WIDGET,
  "HomeImage",
  "HomeText",
  "AboutHeader",
  "AboutText1",
  "AboutText2",
  "AboutText3",
  "FoundersHeader",
  "FoundersText1",
  "Founder1Image",
  "Founder1Text",
  "DonateHeader",
  "DonateText1",
  "DonateImage1",
  "DonateText2",
  "DonateText3",
  "ContactHeader",
  "ContactPage1",
  "ContactPage2",
  "BlogHeader",
  "ProjectsHeader",
  "OpportunitiesHeader",
  "LegalHeader",
  "PrivacyPolicy",
  "Terms",
  "Cookies",
];

export function isPageWidget(name: string): boolean {
  return PAGE_WIDGET_NAMES.includes(name);
}
