import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { generateIdentity, identityToRecipient } from "age-encryption";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/config.server";
import { readIdentityFile } from "./archive-encryption.server";

/** BACKUP_AGE_RECIPIENT is checked at start, and identity files are read as age-keygen writes them (ADR 047). */

const work = fs.mkdtempSync(path.join(os.tmpdir(), "age-keys-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function configError(env: NodeJS.ProcessEnv): string {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return "";
}

describe("backup encryption settings", () => {
  it("takes one or more public keys, and refuses a private key or a damaged one without echoing a private key", async () => {
    const [a, b] = [await generateIdentity(), await generateIdentity()];
    const [ra, rb] = [await identityToRecipient(a), await identityToRecipient(b)];
    expect(parseConfig({ BACKUP_AGE_RECIPIENT: ra }).BACKUP_AGE_RECIPIENT).toEqual([ra]);
    expect(parseConfig({ BACKUP_AGE_RECIPIENT: ` ${ra}, ${rb}\n` }).BACKUP_AGE_RECIPIENT).toEqual([ra, rb]);
    expect(parseConfig({ BACKUP_AGE_RECIPIENT: "" }).BACKUP_AGE_RECIPIENT).toBeUndefined();

    const pasted = configError({ BACKUP_AGE_RECIPIENT: a });
    expect(pasted).toContain("BACKUP_AGE_RECIPIENT: is a private key (an identity): give its public key");
    expect(pasted).not.toContain(a);
    expect(configError({ BACKUP_AGE_RECIPIENT: `${ra.slice(0, -1)}${ra.endsWith("q") ? "p" : "q"}` })).toContain(
      "BACKUP_AGE_RECIPIENT: is not an age public key (age1..., as age-keygen prints it)",
    );
    expect(configError({ BACKUP_AGE_RECIPIENT: `${ra},age1nope` })).toContain("BACKUP_AGE_RECIPIENT: key 2 is not an age public key");
    expect(configError({ BACKUP_AGE_IDENTITY: "AGE-SECRET-KEY-1 but bad", BACKUP_KEEP: "0" })).not.toContain("AGE-SECRET-KEY-1 but bad");
  });

  it("reads an identity file with its comments, and names a file that holds no key or a bad one", async () => {
    const key = await generateIdentity();
    const good = path.join(work, "key.txt");
    fs.writeFileSync(good, `# created: 2026-11-28T00:00:00Z\n# public key: ${await identityToRecipient(key)}\n${key}\n`);
    expect(await readIdentityFile(good)).toEqual([{ key, source: good }]);
    const empty = path.join(work, "empty.txt");
    fs.writeFileSync(empty, "# nothing here\n");
    await expect(readIdentityFile(empty)).rejects.toThrow(`The identity file ${empty} holds no key (an AGE-SECRET-KEY-1... line).`);
    const bad = path.join(work, "bad.txt");
    fs.writeFileSync(bad, "age1thisisapublickey\n");
    await expect(readIdentityFile(bad)).rejects.toThrow(`${bad} is not an age private key (AGE-SECRET-KEY-1..., as age-keygen writes it).`);
    await expect(readIdentityFile(path.join(work, "missing.txt"))).rejects.toThrow(/^Cannot read the identity file .*missing\.txt: ENOENT\.$/);
  });
});
