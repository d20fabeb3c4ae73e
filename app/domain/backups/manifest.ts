import { z } from "zod";

/**
 * The manifest of a backup archive (`manifest.json`, the archive's last entry): what it holds and the
 * checksums a restore verifies before it touches anything (ADR 043).
 */

export const BACKUP_FORMAT = "roofing-site-backup";
export const BACKUP_FORMAT_VERSION = 1;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
/** A path inside the archive: relative, `/`-separated, no `..`, no empty or dot segments. */
const entryPath = z
  .string()
  .min(1)
  .max(1000)
  .refine((p) => p.split("/").every((segment) => segment !== "" && segment !== "." && segment !== ".." && !segment.includes("\\")), "not a safe relative path");
const identifier = z.string().regex(/^[a-z_][a-z0-9_]*$/);

export const backupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.iso.datetime(),
  app: z.object({ name: z.string(), version: z.string() }),
  /** The server it was made from: `server_version_num` (e.g. 180004) and the text. */
  postgres: z.object({ versionNum: z.number().int(), version: z.string() }),
  /** The schema's migrations: the newest applied (its journal `when` and tag) and how many. */
  schema: z.object({ migrations: z.number().int().min(0), lastMigrationWhen: z.number().int(), lastMigrationTag: z.string() }),
  tables: z.array(
    z.object({
      name: identifier,
      columns: z.array(identifier).min(1),
      rows: z.number().int().min(0),
      /** The table's rows in PostgreSQL's COPY text format. */
      path: entryPath,
      bytes: z.number().int().min(0),
      sha256,
    }),
  ),
  sequences: z.array(z.object({ name: identifier, lastValue: z.string().regex(/^-?\d+$/).nullable() })),
  /** Where the uploaded files are: in the archive (local disk) or in an S3 bucket (not copied). */
  storage: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("local") }),
    z.object({ kind: z.literal("s3"), bucket: z.string(), prefix: z.string() }),
  ]),
  files: z.array(z.object({ path: entryPath, bytes: z.number().int().min(0), sha256 })),
});

export type BackupManifest = z.infer<typeof backupManifestSchema>;

/** Where the rows of a table go in the archive, and the uploaded files. */
export const TABLES_DIR = "db";
export const FILES_DIR = "uploads";
export const MANIFEST_NAME = "manifest.json";
