// Part of `npm run build`: writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file
// of the client build, compressed as hard as each format allows. The web tier's host answers with
// them (web/host.ts), so a visitor downloads the smallest JavaScript and CSS and no request pays
// for compression.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const COMPRESSIBLE = new Set([".js", ".mjs", ".css", ".svg", ".json", ".txt", ".xml", ".map"]);
const clientBuild = path.resolve(import.meta.dirname, "..", "build", "client");
const compressWithBrotli = promisify(brotliCompress);
const compressWithGzip = promisify(gzip);

const entries = await readdir(clientBuild, { recursive: true, withFileTypes: true });
const files = entries
  .filter((entry) => entry.isFile() && COMPRESSIBLE.has(path.extname(entry.name)))
  .map((entry) => path.join(entry.parentPath, entry.name));

let original = 0;
let brotli = 0;
for (const file of files) {
  const bytes = await readFile(file);
  const [br, gz] = await Promise.all([
    compressWithBrotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    }),
    compressWithGzip(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  original += bytes.byteLength;
  brotli += br.byteLength;
}
console.log(
  `Compressed ${files.length} client files: ${Math.round(original / 1024)} kB, ${Math.round(brotli / 1024)} kB with brotli.`,
);
