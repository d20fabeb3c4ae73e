import { describe, expect, it } from "vitest";
import { type CliIo, parseCliArgs } from "./cli.server";

function captured(): CliIo & { text: () => string } {
  let text = "";
  return { out: (t) => void (text += t), err: (t) => void (text += t), text: () => text };
}

describe("parseCliArgs", () => {
  const options = { source: { type: "string" }, quiet: { type: "boolean" } } as const;

  it("gives the options' values", () => {
    const io = captured();
    expect(parseCliArgs(["--source", "bidnet", "--quiet"], options, "Usage: x", io)).toEqual({ source: "bidnet", quiet: true });
    expect(io.text()).toBe("");
  });

  it("answers --help and -h with the usage (exit 0), an unknown option or a positional with it (exit 2)", () => {
    for (const argv of [["--help"], ["-h"]]) {
      const io = captured();
      expect(parseCliArgs(argv, options, "Usage: x", io)).toBe(0);
      expect(io.text()).toBe("Usage: x\n");
    }
    for (const argv of [["--bogus"], ["stray"], ["--source"]]) {
      const io = captured();
      expect(parseCliArgs(argv, options, "Usage: x", io)).toBe(2);
      expect(io.text()).toMatch(/\n\nUsage: x\n$/);
    }
  });
});
