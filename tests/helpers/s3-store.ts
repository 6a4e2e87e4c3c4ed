/**
 * A real S3-compatible server on loopback for tests, drills and benches: s3rver (files in a folder).
 * It checks a presigned URL's expiry and access key id, but not its signature, and answers anonymous
 * GETs of any object: never use it to prove that a URL is signed correctly.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type CORSRule, PutBucketCorsCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { createS3Storage, type FileStorage, type S3Options } from "~/platform/files/storage.server";

/** s3rver's only account. */
export const S3_STORE_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } as const;

export interface S3Store {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  port: number;
  /** Where s3rver keeps the objects. */
  directory: string;
  /** The app's settings for this store (FILE_STORAGE=s3 …), e.g. for a server's environment. */
  env: Record<string, string>;
  /** Options of createS3Storage for this store (path style: the endpoint is an IP address). */
  options: S3Options;
  close(): Promise<void>;
}

/**
 * Applies deploy/object-store/cors.json to the store's bucket for these origins (the app's), as an
 * owner does with `aws s3api put-bucket-cors`: the same JSON through the same API call.
 */
export async function allowBrowserOrigins(store: Pick<S3Store, "options">, origins: string[]): Promise<void> {
  const file = path.join(import.meta.dirname, "..", "..", "deploy", "object-store", "cors.json");
  const { CORSRules } = JSON.parse(fs.readFileSync(file, "utf8")) as { CORSRules: CORSRule[] };
  const client = new S3Client({
    region: store.options.region,
    endpoint: store.options.endpoint,
    forcePathStyle: true,
    credentials: S3_STORE_CREDENTIALS,
  });
  try {
    await client.send(
      new PutBucketCorsCommand({
        Bucket: store.options.bucket,
        CORSConfiguration: { CORSRules: CORSRules.map((rule) => ({ ...rule, AllowedOrigins: origins })) },
      }),
    );
  } finally {
    client.destroy();
  }
}

/**
 * Starts s3rver on a free loopback port with one empty bucket, "media"; `dir` keeps its files (default:
 * a new temp folder). `corsOrigins`: the bucket answers CORS for these origins (the app's, for a
 * browser's hls.js) with the rule of deploy/object-store/cors.json (or call allowBrowserOrigins later).
 */
export async function startS3Store(dir?: string, opts: { corsOrigins?: string[] } = {}): Promise<S3Store> {
  const directory = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "ca-s3-"));
  const bucket = "media";
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const options: S3Options = { bucket, region: "us-east-1", endpoint, forcePathStyle: true, ...S3_STORE_CREDENTIALS };
  const store: S3Store = {
    endpoint,
    bucket,
    port,
    directory,
    options,
    env: {
      FILE_STORAGE: "s3",
      S3_BUCKET: bucket,
      S3_REGION: options.region,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: "1",
      S3_ACCESS_KEY_ID: S3_STORE_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_STORE_CREDENTIALS.secretAccessKey,
    },
    close: () => server.close(),
  };
  if (opts.corsOrigins) await allowBrowserOrigins(store, opts.corsOrigins);
  return store;
}

/** The app's storage on this store (`publicEndpoint`: presign for another origin, as S3_PUBLIC_URL does). */
export function s3StorageOf(store: S3Store, extra: Partial<S3Options> = {}): FileStorage {
  return createS3Storage({ ...store.options, ...extra });
}
