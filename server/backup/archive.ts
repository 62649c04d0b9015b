import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import * as tar from "tar";
import { z } from "zod";
import { isValidStorageKey } from "../media/storage.ts";

/**
 * An archive is a gzipped tar of `manifest.json`, `db/<table>.jsonl` (one JSON row a line, in
 * key order) and `files/<storage key>` (every uploaded file).
 */
export const MANIFEST = "manifest.json";
export const FORMAT = "almoner-backup";

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(1),
  createdAt: z.string(),
  /** The database the snapshot was read from. */
  source: z.enum(["sqlite", "postgres"]),
  /** The latest migration the source had run: the schema the dumps are in. */
  schemaVersion: z.string(),
  /** APP_KEY of the source: two-factor secrets in `users` are encrypted with it (record 044). */
  appKey: z.string().min(16),
  /** The highest id each auto-numbered table had handed out. */
  sequences: z.record(z.string(), z.number().int().nonnegative()),
  /** In load order: parents first. */
  tables: z.array(
    z.object({
      name: z.string().regex(/^[a-z_][a-z0-9_]*$/),
      rows: z.number().int().nonnegative(),
      sha256,
    }),
  ),
  files: z.array(
    z.object({
      key: z.string().refine(isValidStorageKey, "is not a storage key"),
      size: z.number().int().nonnegative(),
      sha256,
    }),
  ),
});

export type Manifest = z.infer<typeof manifestSchema>;

export class InvalidBackup extends Error {}

export const tableDump = (table: string) => `db/${table}.jsonl`;
export const fileCopy = (key: string) => `files/${key}`;

export async function hashFile(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Packs a staged folder (manifest, dumps, files) into `file`. */
export async function packArchive(staging: string, file: string): Promise<void> {
  await tar.create({ gzip: true, file, cwd: staging, portable: true }, [MANIFEST, "db", "files"]);
}

export type OpenedBackup = {
  manifest: Manifest;
  /** The unpacked archive. */
  dir: string;
  cleanup(): Promise<void>;
};

/**
 * Unpacks `file` into a temporary folder beside `workDir` and checks it whole: the manifest's
 * shape, every table dump's checksum and row count, every file's size and checksum, and nothing
 * in the archive that the manifest does not list. Throws InvalidBackup naming the first fault.
 */
export async function openBackup(file: string, workDir: string): Promise<OpenedBackup> {
  const dir = await mkdtemp(path.join(workDir, ".almoner-restore-"));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    await unpack(file, dir);
    const manifest = await readManifest(dir);
    await checkContents(dir, manifest);
    return { manifest, dir, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

async function unpack(file: string, dir: string): Promise<void> {
  let refused: string | null = null;
  try {
    await tar.extract({
      file,
      cwd: dir,
      strict: true,
      // Plain files and folders only: a link could point a restore outside its folder.
      filter: (entryPath, entry) => {
        const type = "type" in entry ? entry.type : entry.isDirectory() ? "Directory" : "File";
        if (type === "File" || type === "OldFile" || type === "Directory") return true;
        refused ??= `${entryPath} is a ${type}`;
        return false;
      },
    });
  } catch (error) {
    throw new InvalidBackup(`The archive cannot be read: ${(error as Error).message}`);
  }
  if (refused) throw new InvalidBackup(`The archive holds something other than files: ${refused}`);
}

async function readManifest(dir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(path.join(dir, MANIFEST), "utf8");
  } catch {
    throw new InvalidBackup(`The archive has no ${MANIFEST}: it is not an Almoner backup.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new InvalidBackup(`${MANIFEST} is not valid JSON.`);
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new InvalidBackup(`${MANIFEST} is not valid: ${issue?.path.join(".")} ${issue?.message}`);
  }
  return result.data;
}

async function checkContents(dir: string, manifest: Manifest): Promise<void> {
  const expected = new Set<string>([MANIFEST]);
  for (const table of manifest.tables) {
    const dump = tableDump(table.name);
    expected.add(dump);
    const bytes = await readFile(path.join(dir, dump)).catch(() => {
      throw new InvalidBackup(`${dump} is missing.`);
    });
    if (createHash("sha256").update(bytes).digest("hex") !== table.sha256)
      throw new InvalidBackup(`${dump} does not match its checksum.`);
    const lines = bytes.length === 0 ? 0 : bytes.toString("utf8").split("\n").length - 1;
    if (lines !== table.rows)
      throw new InvalidBackup(`${dump} holds ${lines} rows, the manifest says ${table.rows}.`);
  }
  for (const item of manifest.files) {
    const copy = fileCopy(item.key);
    expected.add(copy);
    const file = path.join(dir, copy);
    const hash = await hashFile(file).catch(() => {
      throw new InvalidBackup(`${copy} is missing.`);
    });
    if (hash !== item.sha256) throw new InvalidBackup(`${copy} does not match its checksum.`);
  }
  const found = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const entry of found) {
    if (!entry.isFile()) continue;
    const name = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep);
    if (!expected.has(name.join("/")))
      throw new InvalidBackup(`${name.join("/")} is in the archive but not in the manifest.`);
  }
}

/** The rows of an unpacked table dump, a batch at a time. */
export async function* readDump(dir: string, table: string, batch = 200) {
  const text = await readFile(path.join(dir, tableDump(table)), "utf8");
  const lines = text === "" ? [] : text.slice(0, -1).split("\n");
  for (let start = 0; start < lines.length; start += batch) {
    yield lines
      .slice(start, start + batch)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}
