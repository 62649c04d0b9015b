import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  environments: {
    client: {
      build: {
        rollupOptions: {
          output: {
            codeSplitting: {
              groups: [
                // Every page needs all of it: one file compresses smaller than the five the
                // bundler would cut it into, and costs the browser one request instead of five.
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                },
                // What the root route imports, which every page loads: in one file rather than
                // the several small ones that other routes importing some of it would make.
                {
                  name: "site",
                  test: /app[\\/](lib[\\/](root-data|seo|locale)\.ts|components[\\/](error-page|site-footer|site-header|social-links|icons|donate-link|use-details-dismiss)\.tsx?)$/,
                },
              ],
            },
          },
        },
      },
    },
  },
});
