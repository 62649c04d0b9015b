// Lighthouse on the built site, in the system Chromium, at Lighthouse's default (mobile) settings:
// shared by the end-to-end suite (tests/e2e/lighthouse.spec.ts) and `npm run bench`.
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS } from "./chromium.ts";

export const CATEGORIES = ["accessibility", "seo", "performance", "best-practices"] as const;
export type Category = (typeof CATEGORIES)[number];

export type LighthouseReport = {
  url: string;
  /** 0–100 per category; NaN when Lighthouse could not score it. */
  scores: Record<Category, number>;
  /** The audits that scored below 1 in each category (informative and manual ones left out). */
  failing: Record<Category, { id: string; title: string; score: number }[]>;
  /** Lighthouse's own warnings about the run (an interstitial, a redirect…). */
  warnings: string[];
};

/**
 * The pages issue 11 scores: Home, a list (the news) and a detail page (the newest news post,
 * found on the list as a visitor would).
 */
export async function lighthousePaths(baseUrl: string): Promise<string[]> {
  const blog = await (await fetch(`${baseUrl}/blog`)).text();
  // A link in the page's body: the head links the news feed, /blog/rss.xml, too.
  const post = /<a\b[^>]*\bhref="(\/blog\/[^"/?#]+)"/.exec(blog)?.[1];
  if (!post) throw new Error("/blog links to no post");
  return ["/", "/blog", post];
}

const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/**
 * Runs Lighthouse on each URL in turn in one Chromium (a fresh tab and cleared storage per page,
 * as Lighthouse does by default). Pages run one after the other: Lighthouse measures timings, and
 * two runs at once on a small machine would slow each other down.
 */
export async function runLighthouse(urls: string[]): Promise<LighthouseReport[]> {
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
    logLevel: "silent",
  });
  try {
    const reports: LighthouseReport[] = [];
    const audit = (url: string) =>
      lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
      });
    for (const url of urls) {
      let result = await audit(url);
      // Chromium's trace sometimes misses the navigation's start; Lighthouse asks to run again.
      if (result?.lhr.runtimeError?.code === "NO_NAVSTART") result = await audit(url);
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = result;
      if (lhr.runtimeError) {
        throw new Error(
          `Lighthouse could not load ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
        );
      }
      const scores = {} as LighthouseReport["scores"];
      const failing = {} as LighthouseReport["failing"];
      for (const id of CATEGORIES) {
        const category = lhr.categories[id];
        scores[id] = category?.score == null ? NaN : Math.round(category.score * 100);
        failing[id] = (category?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 || id === "accessibility" || id === "seo")
          .map((ref) => lhr.audits[ref.id]!)
          .filter(
            (audit) =>
              audit.score !== null &&
              audit.score < 1 &&
              !["informative", "manual", "notApplicable"].includes(audit.scoreDisplayMode),
          )
          .map((audit) => ({ id: audit.id, title: audit.title, score: audit.score! }));
      }
      reports.push({ url, scores, failing, warnings: lhr.runWarnings });
    }
    return reports;
  } finally {
    chrome.kill();
  }
}

/** One line per page: the four scores, in the order of CATEGORIES. */
export function formatScores(reports: LighthouseReport[], label = (url: string) => url): string {
  const width = Math.max(...reports.map((report) => label(report.url).length), 4) + 2;
  const header =
    "page".padEnd(width) + CATEGORIES.map((category) => category.padStart(16)).join("");
  const rows = reports.map(
    (report) =>
      label(report.url).padEnd(width) +
      CATEGORIES.map((category) => String(report.scores[category]).padStart(16)).join(""),
  );
  return [header, ...rows].join("\n");
}
