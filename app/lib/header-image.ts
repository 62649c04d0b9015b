/** The IMAGE widget behind the header image of content pages (a page may pass another name). */
export const HEADER_IMAGE_WIDGET = "HeaderImage";
