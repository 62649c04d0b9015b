/** The hidden field that tells several forms on one page apart. */
export const INTENT_FIELD = "intent";
