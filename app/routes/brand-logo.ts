import { LOGO_SVG } from "../lib/brand-logo.ts";

let logo: Promise<Buffer> | undefined;

/** `/logo.png`: the organisation's mark as a 512 px PNG, for search engines' knowledge panels (JSON-LD). */
export async function loader() {
  logo ??= import("sharp").then(({ default: sharp }) =>
    sharp(Buffer.from(LOGO_SVG)).resize(512, 512).png().toBuffer(),
  );
  const png = await logo;
  return new Response(new Uint8Array(png), {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(png.byteLength),
      "Cache-Control": "public, max-age=86400",
    },
  });
}
