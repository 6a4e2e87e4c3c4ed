/**
 * A real S3-compatible server on loopback for tests, drills and benches: s3rver (files in a folder).
 * It checks a presigned URL's expiry and access key id, but not its signature, and answers anonymous
 * GETs of any object: never use it to prove that a URL is signed correctly.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
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

/** deploy/object-store/cors.json (the rule an owner applies with `aws s3api put-bucket-cors`) as s3rver's XML, for these origins. */
export function corsXmlFor(origins: string[]): string {
  const file = path.join(import.meta.dirname, "..", "..", "deploy", "object-store", "cors.json");
  const { CORSRules } = JSON.parse(fs.readFileSync(file, "utf8")) as {
    CORSRules: {
      ID?: string;
      AllowedMethods: string[];
      AllowedHeaders?: string[];
      ExposeHeaders?: string[];
      MaxAgeSeconds?: number;
    }[];
  };
  const tags = (name: string, values: readonly (string | number)[] = []) =>
    values.map((v) => `<${name}>${v}</${name}>`).join("");
  const rules = CORSRules.map(
    (rule) =>
      `<CORSRule>${tags("ID", rule.ID ? [rule.ID] : [])}${tags("AllowedOrigin", origins)}${tags("AllowedMethod", rule.AllowedMethods)}` +
      `${tags("AllowedHeader", rule.AllowedHeaders)}${tags("ExposeHeader", rule.ExposeHeaders)}` +
      `${tags("MaxAgeSeconds", rule.MaxAgeSeconds === undefined ? [] : [rule.MaxAgeSeconds])}</CORSRule>`,
  );
  return `<CORSConfiguration>${rules.join("")}</CORSConfiguration>`;
}

/**
 * Starts s3rver on a free loopback port with one empty bucket, "media"; `dir` keeps its files (default:
 * a new temp folder). `corsOrigins`: the bucket answers CORS for these origins (the app's, for a
 * browser's hls.js) with the rule of deploy/object-store/cors.json.
 */
export async function startS3Store(dir?: string, opts: { corsOrigins?: string[] } = {}): Promise<S3Store> {
  const directory = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "ca-s3-"));
  const bucket = "media";
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: opts.corsOrigins ? [corsXmlFor(opts.corsOrigins)] : [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const options: S3Options = { bucket, region: "us-east-1", endpoint, forcePathStyle: true, ...S3_STORE_CREDENTIALS };
  return {
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
}

/** The app's storage on this store (`publicEndpoint`: presign for another origin, as S3_PUBLIC_URL does). */
export function s3StorageOf(store: S3Store, extra: Partial<S3Options> = {}): FileStorage {
  return createS3Storage({ ...store.options, ...extra });
}
