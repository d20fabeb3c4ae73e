import { describe, expect, it } from "vitest";
import { PIPELINE_STATUSES } from "./options";
import { describeChange, isConsistent, withContacted, withStatus } from "./pipeline";

describe("contacted and the pipeline status stay consistent", () => {
  it("every transition from every consistent state ends consistent", () => {
    const states = PIPELINE_STATUSES.flatMap((pipelineStatus) => [true, false].map((contacted) => ({ pipelineStatus, contacted }))).filter(
      isConsistent,
    );
    for (const state of states) {
      for (const contacted of [true, false]) expect(isConsistent(withContacted(state, contacted)), JSON.stringify(state)).toBe(true);
      for (const status of PIPELINE_STATUSES) expect(isConsistent(withStatus(state, status))).toBe(true);
    }
  });

  it("ticking Contacted moves a new lead to contacted; unticking moves it back", () => {
    expect(withContacted({ pipelineStatus: "new", contacted: false }, true)).toEqual({ pipelineStatus: "contacted", contacted: true });
    expect(withContacted({ pipelineStatus: "estimate_sent", contacted: true }, true)).toEqual({ pipelineStatus: "estimate_sent", contacted: true });
    expect(withContacted({ pipelineStatus: "won", contacted: true }, false)).toEqual({ pipelineStatus: "new", contacted: false });
    expect(withContacted({ pipelineStatus: "lost", contacted: true }, false)).toEqual({ pipelineStatus: "lost", contacted: false });
  });

  it("a status sets the flag it implies; lost keeps it", () => {
    expect(withStatus({ pipelineStatus: "new", contacted: false }, "inspection_scheduled").contacted).toBe(true);
    expect(withStatus({ pipelineStatus: "won", contacted: true }, "new").contacted).toBe(false);
    expect(withStatus({ pipelineStatus: "new", contacted: false }, "lost").contacted).toBe(false);
  });

  it("describes a change for the timeline", () => {
    expect(describeChange({ pipelineStatus: "new", contacted: false }, { pipelineStatus: "contacted", contacted: true })).toBe(
      "Status changed from New to Contacted. Marked as contacted.",
    );
    expect(describeChange({ pipelineStatus: "lost", contacted: false }, { pipelineStatus: "lost", contacted: false })).toBeNull();
  });
});
