import { describe, expect, it, vi } from "vitest";
import { emitContentChange } from "./content-changes.server";
import { createReadModel } from "./read-model-cache.server";

/** A load whose calls are counted and whose results the test settles by hand. */
function controlledLoad<V>() {
  const calls: { key: string; resolve: (v: V) => void; reject: (e: unknown) => void }[] = [];
  const load = vi.fn(
    (key: string) =>
      new Promise<V>((resolve, reject) => {
        calls.push({ key, resolve, reject });
      }),
  );
  return { load, calls };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
let n = 0;
const uniqueName = (base: string) => `${base}-${++n}`;

describe("createReadModel", () => {
  it("loads a key once and serves it from memory after", async () => {
    let count = 0;
    const model = createReadModel({ name: uniqueName("once"), tables: ["t1"], load: async (key: string) => `${key}:${++count}` });
    expect(await model.get("a")).toBe("a:1");
    expect(await model.get("a")).toBe("a:1");
    expect(await model.get("b")).toBe("b:2");
    expect(model.size()).toBe(2);
  });

  it("shares one load between concurrent misses of a key (single flight)", async () => {
    const { load, calls } = controlledLoad<number>();
    const model = createReadModel({ name: uniqueName("flight"), tables: ["t1"], load });
    const first = model.get("k");
    const second = model.get("k");
    await tick();
    expect(load).toHaveBeenCalledTimes(1);
    calls[0]!.resolve(42);
    expect(await first).toBe(42);
    expect(await second).toBe(42);
    expect(await model.get("k")).toBe(42);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("never caches a failed load: every waiter gets the error, the next call tries again", async () => {
    const { load, calls } = controlledLoad<string>();
    const model = createReadModel({ name: uniqueName("fail"), tables: ["t1"], load });
    const first = model.get("k");
    const second = model.get("k");
    await tick();
    calls[0]!.reject(new Error("database away"));
    await expect(first).rejects.toThrow("database away");
    await expect(second).rejects.toThrow("database away");
    expect(model.size()).toBe(0);
    const third = model.get("k");
    await tick();
    expect(load).toHaveBeenCalledTimes(2);
    calls[1]!.resolve("back");
    expect(await third).toBe("back");
  });

  it("treats a load that throws synchronously as a failed load", async () => {
    const model = createReadModel<string, string>({
      name: uniqueName("sync-throw"),
      tables: ["t1"],
      load: () => {
        throw new Error("boom");
      },
    });
    await expect(model.get("k")).rejects.toThrow("boom");
    expect(model.size()).toBe(0);
  });

  it("drops its values when one of its tables changes, or on '*', and not for other tables", async () => {
    let count = 0;
    const model = createReadModel({ name: uniqueName("tables"), tables: ["t_services", "t_media"], load: async () => ++count });
    expect(await model.get("k")).toBe(1);
    emitContentChange("t_unrelated");
    expect(await model.get("k")).toBe(1);
    emitContentChange("t_media");
    expect(await model.get("k")).toBe(2);
    emitContentChange("t_services");
    expect(await model.get("k")).toBe(3);
    emitContentChange("*");
    expect(await model.get("k")).toBe(4);
  });

  it("does not store a value whose load started before an invalidation", async () => {
    const { load, calls } = controlledLoad<string>();
    const model = createReadModel({ name: uniqueName("race"), tables: ["t1"], load });
    const stale = model.get("k");
    await tick();
    emitContentChange("t1"); // the row changed while the old read was in flight
    const fresh = model.get("k"); // a new load, not the old one
    await tick();
    expect(load).toHaveBeenCalledTimes(2);
    calls[0]!.resolve("old");
    calls[1]!.resolve("new");
    expect(await stale).toBe("old");
    expect(await fresh).toBe("new");
    expect(await model.get("k")).toBe("new");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("expires values after ttlMs", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      let count = 0;
      const model = createReadModel({ name: uniqueName("ttl"), tables: ["t1"], ttlMs: 1_000, load: async () => ++count });
      expect(await model.get("k")).toBe(1);
      vi.advanceTimersByTime(999);
      expect(await model.get("k")).toBe(1);
      vi.advanceTimersByTime(2);
      expect(await model.get("k")).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps at most maxKeys keys, dropping the oldest", async () => {
    const model = createReadModel({ name: uniqueName("bound"), tables: ["t1"], maxKeys: 2, load: async (key: string) => key });
    await model.get("a");
    await model.get("b");
    await model.get("c");
    expect(model.size()).toBe(2);
  });

  it("neither serves nor stores values while content changes cannot be heard (listener disconnected)", async () => {
    let count = 0;
    const model = createReadModel({ name: uniqueName("unheard"), tables: ["t1"], load: async () => ++count });
    expect(await model.get("k")).toBe(1);
    const state = globalThis as unknown as { __contentChangeListenerDown?: boolean };
    state.__contentChangeListenerDown = true;
    try {
      expect(await model.get("k")).toBe(2);
      expect(await model.get("k")).toBe(3);
      expect(model.size()).toBe(0);
    } finally {
      state.__contentChangeListenerDown = false;
    }
    expect(await model.get("k")).toBe(4);
    expect(await model.get("k")).toBe(4);
  });
});
