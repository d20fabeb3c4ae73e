import { describe, expect, it } from "vitest";
import { csvCell, csvRow } from "./csv";

describe("CSV cells", () => {
  it.each([
    ["=1+1", `"'=1+1"`],
    ["+16145550147", `"'+16145550147"`],
    ["-2+3", `"'-2+3"`],
    ["@SUM(A1)", `"'@SUM(A1)"`],
    ["\t=cmd", `"'\t=cmd"`],
    ["\r=cmd", `"'\r=cmd"`],
    ['He said "hi", then left', `"He said ""hi"", then left"`],
    ["line 1\nline 2", `"line 1\nline 2"`],
    ["a=b", `"a=b"`],
    [null, `""`],
    [42, `"42"`],
  ])("%j -> %s", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
  it("joins a row with commas and CRLF", () => {
    expect(csvRow(["a", "b"])).toBe('"a","b"\r\n');
  });
});
