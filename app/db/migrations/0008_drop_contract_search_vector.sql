DROP INDEX "contract_opportunities_search_idx";--> statement-breakpoint
ALTER TABLE "contract_opportunities" DROP COLUMN "search_vector";