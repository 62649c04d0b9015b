import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { S3StorageConfig } from "../config.ts";
import {
  contentTypeFor,
  InvalidStorageKey,
  isValidStorageKey,
  publicStorageUrl,
  type StorageDriver,
} from "./storage.ts";

/**
 * Stores files in an S3-compatible bucket under the same keys as on disk (`uploads/…`). The API
 * streams them at `/storage/<key>` as it does local files (docs/decisions/019), so the bucket
 * stays private.
 */
export function createS3Storage(options: S3StorageConfig): StorageDriver {
  const Bucket = options.bucket;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Since 3.729 the SDK adds CRC checksums to every upload and checks them on download; several
    // S3-compatible servers refuse or lack them. Only operations that require one send it.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });

  return {
    async put(key, body, contentType) {
      if (!isValidStorageKey(key)) throw new InvalidStorageKey(key);
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }),
      );
    },

    async get(key) {
      if (!isValidStorageKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(object.Body instanceof Readable)) throw new Error("S3 answered without a body");
        return {
          stream: object.Body,
          size: object.ContentLength ?? 0,
          // From the key, as on disk: what the bucket says is not trusted to be an image type.
          contentType: contentTypeFor(key),
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async exists(key) {
      if (!isValidStorageKey(key)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async delete(key) {
      if (!isValidStorageKey(key)) return;
      // S3 answers 204 for a key it does not have.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: "uploads/", ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key && isValidStorageKey(object.Key)) yield object.Key;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    url: publicStorageUrl,

    close() {
      client.destroy();
    },
  };
}

/**
 * A key the bucket does not have: GET answers NoSuchKey, HEAD a bare 404. (A GET from a bucket
 * that is not there answers NoSuchBucket: an error, not a missing file.)
 */
function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NoSuchKey" ||
      (error.name === "NotFound" && error.$metadata.httpStatusCode === 404))
  );
}
