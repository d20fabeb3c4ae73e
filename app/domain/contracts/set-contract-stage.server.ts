import { eq, sql } from "drizzle-orm";
import type { DbTransaction } from "~/db/client.server";
import { contractOpportunities, contractStageChanges } from "~/db/schema";
import type { AdminChange } from "~/lib/admin-action.server";
import { CONTRACT_TEXT } from "./admin-schemas";
import { PIPELINE_STAGE_LABELS, type PipelineStage } from "./contract-filters";

/** Moves a contract to a pipeline stage; who and when are kept on the row and in the stage history. */
export async function setContractStage(tx: DbTransaction, input: { contractId: string; stage: PipelineStage; actorId: string }): Promise<AdminChange> {
  const [row] = await tx
    .select({ id: contractOpportunities.id, stage: contractOpportunities.pipelineStage })
    .from(contractOpportunities)
    .where(eq(contractOpportunities.id, input.contractId))
    .for("update");
  if (!row) return { ok: false, status: 404, message: CONTRACT_TEXT.notFound };
  const label = PIPELINE_STAGE_LABELS[input.stage];
  if (row.stage !== input.stage) {
    await tx
      .update(contractOpportunities)
      .set({ pipelineStage: input.stage, pipelineStageChangedAt: sql`now()`, pipelineStageChangedBy: input.actorId })
      .where(eq(contractOpportunities.id, row.id));
    await tx.insert(contractStageChanges).values({ contractId: row.id, fromStage: row.stage, toStage: input.stage, changedBy: input.actorId });
  }
  return {
    ok: true,
    message: CONTRACT_TEXT.stageSet(label),
    audit: { action: "contract.stage", targetType: "contract", targetId: row.id, details: { from: row.stage, to: input.stage } },
  };
}
