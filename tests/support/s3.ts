import fs from "node:fs";
import { ListObjectsV2Command, type S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { s3ClientFor } from "~/domain/storage/upload-storage.server";
import { makeTempDir } from "./temp-dirs";

/**
 * A real S3 API server (s3rver) on 127.0.0.1, a random port and a temporary
 * directory, with one bucket, for the object-storage tests.
 *
 *   const s3 = await startS3Server();
 *   new S3UploadStorage({ ...s3.settings("prefix"), stagingDir, client: s3.client() });
 *   spawnServer({ env: { STORAGE_URL: s3.storageUrl("prefix"), ...s3.credentialsEnv } });
 *   await s3.stop();
 */

/** s3rver's fixed credentials. */
export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export interface RunningS3Server {
  endpoint: string;
  bucket: string;
  dir: string;
  /** STORAGE_URL naming the bucket (and `prefix`) on this server. */
  storageUrl(prefix?: string): string;
  /** The settings STORAGE_URL parses into. */
  settings(prefix?: string): { bucket: string; prefix: string; endpoint: string; region: string; forcePathStyle: true };
  /** The environment a child process needs to reach the bucket (credentials through the AWS provider chain). */
  credentialsEnv: Record<string, string>;
  /** A client with the server's credentials. */
  client(): S3Client;
  /** Every object key in the bucket. */
  listKeys(): Promise<string[]>;
  stop(): Promise<void>;
}

export async function startS3Server({ bucket = "uploads" }: { bucket?: string } = {}): Promise<RunningS3Server> {
  const dir = makeTempDir("s3");
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: dir, configureBuckets: [{ name: bucket }] });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  const settings = (prefix = "") => ({ bucket, prefix, endpoint, region: "us-east-1", forcePathStyle: true as const });
  const clients: S3Client[] = [];
  const client = () => {
    const made = s3ClientFor(settings(), { credentials: S3RVER_CREDENTIALS });
    clients.push(made);
    return made;
  };
  let lister: S3Client | undefined;
  let stopped: Promise<void> | undefined;
  return {
    endpoint,
    bucket,
    dir,
    storageUrl: (prefix = "") =>
      `s3://${bucket}${prefix ? `/${prefix}` : ""}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1&forcePathStyle=true`,
    settings,
    credentialsEnv: { AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId, AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey },
    client,
    async listKeys() {
      lister ??= client();
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await lister.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    stop() {
      stopped ??= (async () => {
        for (const made of clients) made.destroy();
        server.httpServer?.closeAllConnections();
        await server.close().catch(() => {});
        fs.rmSync(dir, { recursive: true, force: true });
      })();
      return stopped;
    },
  };
}
