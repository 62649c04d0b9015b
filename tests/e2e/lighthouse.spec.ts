import { formatScores, lighthousePaths, runLighthouse } from "../../scripts/lighthouse.ts";
import { expect, test } from "./fixtures.ts";

/**
 * Lighthouse at its mobile settings on Home, the news list and a news post: accessibility and
 * SEO score 100; performance and best practices are printed (and kept by `npm run bench`).
 */
test("Lighthouse scores accessibility and SEO 100 on Home, /blog and a news post", async ({
  appUrl,
}) => {
  // Three full Lighthouse runs with a throttled CPU, on a machine that may be running other tests.
  test.setTimeout(300_000);
  const paths = await lighthousePaths(appUrl);
  const reports = await runLighthouse(paths.map((path) => `${appUrl}${path}`));
  console.log(`Lighthouse (mobile)\n${formatScores(reports, (url) => url.slice(appUrl.length))}`);

  const shortfalls = reports.flatMap((report) =>
    (["accessibility", "seo"] as const)
      .filter((category) => report.scores[category] < 100 || Number.isNaN(report.scores[category]))
      .map(
        (category) =>
          `${report.url.slice(appUrl.length)} ${category} ${report.scores[category]}: ` +
          report.failing[category].map((audit) => `${audit.id} (${audit.title})`).join(", "),
      ),
  );
  expect(shortfalls).toEqual([]);
});
