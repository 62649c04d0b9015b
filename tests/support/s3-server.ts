import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  CreateBucketCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from "@aws-sdk/client-s3";
import S3rver from "s3rver";

/** s3rver's one account: it checks every request's signature against this key and secret. */
export const S3RVER_KEY = "S3RVER";

export type TestBucket = {
  name: string;
  /** A STORAGE_URL naming the bucket, the server's endpoint and s3rver's credentials. */
  storageUrl: string;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  /** An object's bytes and content type as the bucket holds them. */
  object(key: string): Promise<{ bytes: Buffer; contentType: string | undefined }>;
};

export type TestS3Server = {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  /** A new, empty bucket, so tests never share objects. */
  createBucket(): Promise<TestBucket>;
  close(): Promise<void>;
};

/** A real S3-protocol server (s3rver, in-process) on a free port, storing into a temp folder. */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), "almoner-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY },
  });

  async function createBucket(): Promise<TestBucket> {
    const name = `almoner-${randomBytes(6).toString("hex")}`;
    await client.send(new CreateBucketCommand({ Bucket: name }));
    return {
      name,
      storageUrl: `s3://${S3RVER_KEY}:${S3RVER_KEY}@${name}?endpoint=${endpoint}&region=us-east-1`,
      async keys() {
        const keys: string[] = [];
        let token: string | undefined;
        do {
          const page = await client.send(
            new ListObjectsV2Command({ Bucket: name, ContinuationToken: token }),
          );
          keys.push(...(page.Contents ?? []).map((object) => object.Key!));
          token = page.NextContinuationToken;
        } while (token);
        return keys.sort();
      },
      async object(key) {
        const object = await client.send(new GetObjectCommand({ Bucket: name, Key: key }));
        return {
          bytes: Buffer.from(await object.Body!.transformToByteArray()),
          contentType: object.ContentType,
        };
      },
    };
  }

  return {
    endpoint,
    createBucket,
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
