import { describe, expect, it } from "vitest";
import { databaseRecentlyUnavailable, isConnectionError, noteDatabaseError } from "./availability.server";

describe("database availability", () => {
  it("recognises connection failures, also when wrapped in a cause", () => {
    expect(isConnectionError(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error("terminating connection"), { code: "57P01" }))).toBe(true);
    expect(isConnectionError(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isConnectionError(new Error("Failed query", { cause: Object.assign(new Error("x"), { code: "57P03" }) }))).toBe(true);
  });

  it("ignores errors that say nothing about reachability", () => {
    expect(isConnectionError(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isConnectionError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isConnectionError(undefined)).toBe(false);
  });

  it("marks the database unavailable for five seconds after a connection error", () => {
    const now = 1_000_000;
    noteDatabaseError(new Error("duplicate key"), now);
    expect(databaseRecentlyUnavailable(now + 1)).toBe(false);
    noteDatabaseError(Object.assign(new Error("refused"), { code: "ECONNREFUSED" }), now);
    expect(databaseRecentlyUnavailable(now + 4_999)).toBe(true);
    expect(databaseRecentlyUnavailable(now + 5_001)).toBe(false);
  });
});
