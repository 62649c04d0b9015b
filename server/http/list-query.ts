import { line, z } from "./validation.ts";

/**
 * A whole number from the query string, with Laravel's wording; absent or empty (Laravel's
 * ConvertEmptyStringsToNull) means the default.
 */
function integerParam(
  field: string,
  { min, max, fallback }: { min: number; max?: number; fallback: number },
) {
  const integer = z.int({
    error: (issue) =>
      issue.code === "invalid_type" ? `The ${field} field must be an integer.` : undefined,
  });
  return z.preprocess(
    (value) => {
      if (value === undefined || value === "") return fallback;
      if (typeof value === "string" && /^\s*[-+]?\d+\s*$/.test(value)) return Number(value);
      return value;
    },
    max === undefined ? integer.min(min) : integer.min(min).max(max),
  );
}

/**
 * `?q=` of an admin list (our extension): the words to look for, trimmed; absent, empty or blank
 * means no search. Longer than any title is cut rather than refused.
 */
const searchParam = z.preprocess(
  (value) => (typeof value === "string" ? value.trim().slice(0, SEARCH_MAX_LENGTH) : value),
  line()
    .optional()
    .transform((text) => (text ? text : undefined)),
);

export const SEARCH_MAX_LENGTH = 200;

/**
 * `?page&limit` of every list (DESIGN §5): page zero-based, 24 a page unless limit (≤ 100); and
 * `q`, the search of the admin lists that offer one.
 */
export const listQuery = z.object({
  page: integerParam("page", { min: 0, fallback: 0 }),
  limit: integerParam("limit", { min: 1, max: 100, fallback: 24 }),
  q: searchParam,
});

export type ListQuery = z.output<typeof listQuery>;
