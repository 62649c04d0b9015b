import sharp from "sharp";

/**
 * Generated demo pictures: soft gradients and simple shapes drawn as SVG and rendered by sharp.
 * They carry no text: a caption in the pixels is cut off by every crop and repeats the alt text.
 */

export type Palette = { from: string; to: string; accent: string; deep: string };

export const palettes = {
  health: { from: "#d9f2e6", to: "#5fb79a", accent: "#f7d488", deep: "#2f7d6b" },
  wealth: { from: "#fff1cf", to: "#e8a33d", accent: "#fbe3a6", deep: "#9a5b16" },
  education: { from: "#e4e6fb", to: "#6c6fd4", accent: "#ffd6a5", deep: "#3b3d8f" },
  safety: { from: "#ffe3dc", to: "#e5766a", accent: "#ffe9a8", deep: "#a2423f" },
  community: { from: "#dff1fb", to: "#4f9ed8", accent: "#ffe0b2", deep: "#2a5f8c" },
} satisfies Record<string, Palette>;

export type Theme = keyof typeof palettes;
/** `portrait` is a neutral head-and-shoulders placeholder for a person's photo. */
export type Motif = "hills" | "sunrise" | "circles" | "portrait";

export type ArtRequest = {
  width: number;
  height: number;
  theme: Theme;
  motif: Motif;
  /**
   * Puts the sun of `hills` near the right edge, for a picture whose left side sits behind text
   * (the home page's card): cropped to any screen from the right, the sun stays clear of it.
   */
  sunOnTheRight?: boolean;
  /** Varies the shapes, so pictures of one theme still differ. */
  seed: number;
};

export async function renderArt(request: ArtRequest): Promise<Buffer> {
  // PNG at the lowest compression: the image pipeline decodes it straight away.
  return sharp(Buffer.from(artSvg(request)))
    .png({ compressionLevel: 0 })
    .toBuffer();
}

export function artSvg({ width, height, theme, motif, sunOnTheRight, seed }: ArtRequest): string {
  const palette = palettes[theme];
  const random = mulberry32(seed);
  const shapes =
    motif === "hills"
      ? hills(width, height, palette, random, sunOnTheRight ?? false)
      : motif === "sunrise"
        ? sunrise(width, height, palette, random)
        : motif === "portrait"
          ? portrait(width, height, palette)
          : circles(width, height, palette, random);
  const angle = Math.round(random() * 90);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="sky" gradientTransform="rotate(${angle} 0.5 0.5)">
      <stop offset="0" stop-color="${palette.from}"/>
      <stop offset="1" stop-color="${palette.to}"/>
    </linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.55" stop-color="#000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.35"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  ${shapes}
  <rect width="${width}" height="${height}" fill="url(#shade)"/>
</svg>`;
}

function hills(
  width: number,
  height: number,
  palette: Palette,
  random: () => number,
  sunOnTheRight: boolean,
): string {
  const sunX = Math.round(width * (sunOnTheRight ? 0.86 + random() * 0.03 : 0.2 + random() * 0.6));
  const sunY = Math.round(height * (0.2 + random() * 0.15));
  const layers = [palette.accent, palette.to, palette.deep].map((colour, index) => {
    const base = height * (0.55 + index * 0.13);
    const lift = height * (0.08 + random() * 0.1);
    const a = Math.round(width * (0.2 + random() * 0.3));
    const b = Math.round(width * (0.55 + random() * 0.3));
    return `<path d="M0 ${Math.round(base)} C ${a} ${Math.round(base - lift)}, ${b} ${Math.round(base + lift)}, ${width} ${Math.round(base - lift / 2)} L ${width} ${height} L 0 ${height} Z" fill="${colour}" fill-opacity="${0.55 + index * 0.15}"/>`;
  });
  return `<circle cx="${sunX}" cy="${sunY}" r="${Math.round(height * 0.12)}" fill="#fff" fill-opacity="0.7"/>\n  ${layers.join("\n  ")}`;
}

function sunrise(width: number, height: number, palette: Palette, random: () => number): string {
  const horizon = Math.round(height * (0.6 + random() * 0.1));
  const cx = Math.round(width * (0.3 + random() * 0.4));
  const rings = [0.42, 0.3, 0.19]
    .map(
      (size, index) =>
        `<circle cx="${cx}" cy="${horizon}" r="${Math.round(height * size)}" fill="${index === 2 ? "#fff" : palette.accent}" fill-opacity="${0.25 + index * 0.25}"/>`,
    )
    .join("\n  ");
  return `${rings}\n  <rect y="${horizon}" width="${width}" height="${height - horizon}" fill="${palette.deep}" fill-opacity="0.85"/>`;
}

function circles(width: number, height: number, palette: Palette, random: () => number): string {
  const colours = [palette.accent, "#ffffff", palette.deep, palette.to];
  return Array.from({ length: 9 }, (_, index) => {
    const r = Math.round(Math.min(width, height) * (0.06 + random() * 0.18));
    const cx = Math.round(random() * width);
    const cy = Math.round(random() * height * 0.85);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${colours[index % colours.length]}" fill-opacity="${(0.2 + random() * 0.35).toFixed(2)}"/>`;
  }).join("\n  ");
}

/** A head and shoulders in a muted tone on the theme's gradient: clearly a placeholder, no face. */
function portrait(width: number, height: number, palette: Palette): string {
  const cx = Math.round(width / 2);
  const headRadius = Math.round(Math.min(width, height) * 0.2);
  const headY = Math.round(height * 0.4);
  const shoulderTop = headY + Math.round(headRadius * 0.6);
  const shoulderHalf = Math.round(width * 0.38);
  return `<circle cx="${cx}" cy="${headY}" r="${headRadius}" fill="${palette.deep}" fill-opacity="0.55"/>
  <path d="M ${cx - shoulderHalf} ${height} C ${cx - shoulderHalf} ${shoulderTop}, ${cx + shoulderHalf} ${shoulderTop}, ${cx + shoulderHalf} ${height} Z" fill="${palette.deep}" fill-opacity="0.55"/>`;
}

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
