import type { Config } from "../config.ts";
import { createLocalStorage, type StorageDriver } from "./storage.ts";

/** The storage driver STORAGE_URL chooses: `DATA_DIR/uploads` by default, an S3 bucket with `s3://…`. */
export async function openStorage(
  config: Pick<Config, "dataDir" | "storage">,
): Promise<StorageDriver> {
  if (config.storage.driver === "local") return createLocalStorage(config.dataDir);
  // Loaded only when used: the AWS SDK takes about a third of a second to import.
  const { createS3Storage } = await import("./s3-storage.ts");
  return createS3Storage(config.storage);
}
