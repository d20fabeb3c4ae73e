-- pg_trgm (a trusted extension: the database owner may create it) for the contract list's substring search (ADR 026).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "contract_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"crawl_session_id" uuid,
	"changes" jsonb NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"author_user_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_notes_body_check" CHECK (char_length("contract_notes"."body") between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "contract_stage_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"from_stage" text NOT NULL,
	"to_stage" text NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_opportunities" ADD COLUMN "pipeline_stage" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_opportunities" ADD COLUMN "pipeline_stage_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contract_opportunities" ADD COLUMN "pipeline_stage_changed_by" uuid;--> statement-breakpoint
ALTER TABLE "contract_opportunities" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("contract_opportunities"."title", '') || ' ' || coalesce("contract_opportunities"."agency_name", '') || ' ' || coalesce("contract_opportunities"."description", ''))) STORED;--> statement-breakpoint
ALTER TABLE "contract_changes" ADD CONSTRAINT "contract_changes_contract_id_contract_opportunities_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contract_opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_changes" ADD CONSTRAINT "contract_changes_crawl_session_id_contract_crawl_sessions_id_fk" FOREIGN KEY ("crawl_session_id") REFERENCES "public"."contract_crawl_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_notes" ADD CONSTRAINT "contract_notes_contract_id_contract_opportunities_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contract_opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_notes" ADD CONSTRAINT "contract_notes_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_stage_changes" ADD CONSTRAINT "contract_stage_changes_contract_id_contract_opportunities_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contract_opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_stage_changes" ADD CONSTRAINT "contract_stage_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_changes_contract_changed_idx" ON "contract_changes" USING btree ("contract_id","changed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contract_notes_contract_created_idx" ON "contract_notes" USING btree ("contract_id","created_at");--> statement-breakpoint
CREATE INDEX "contract_stage_changes_contract_changed_idx" ON "contract_stage_changes" USING btree ("contract_id","changed_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "contract_opportunities" ADD CONSTRAINT "contract_opportunities_pipeline_stage_changed_by_users_id_fk" FOREIGN KEY ("pipeline_stage_changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_opportunities_search_text_trgm_idx" ON "contract_opportunities" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contract_opportunities_active_deadline_idx" ON "contract_opportunities" USING btree ("is_active","deadline_date","id");--> statement-breakpoint
CREATE INDEX "contract_opportunities_active_value_idx" ON "contract_opportunities" USING btree ("is_active","estimated_value" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "contract_opportunities_active_priority_idx" ON "contract_opportunities" USING btree ("is_active","priority_score" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "contract_opportunities_active_state_deadline_idx" ON "contract_opportunities" USING btree ("is_active","location_state","deadline_date");--> statement-breakpoint
CREATE INDEX "contract_opportunities_pipeline_stage_idx" ON "contract_opportunities" USING btree ("pipeline_stage");--> statement-breakpoint
CREATE INDEX "contract_opportunities_bookmarked_idx" ON "contract_opportunities" USING btree ("is_active") WHERE "contract_opportunities"."is_bookmarked";--> statement-breakpoint
CREATE INDEX "contract_opportunities_tags_idx" ON "contract_opportunities" USING gin ("tags");--> statement-breakpoint
ALTER TABLE "contract_opportunities" ADD CONSTRAINT "contract_opportunities_pipeline_stage_check" CHECK ("contract_opportunities"."pipeline_stage" in ('new', 'reviewing', 'bidding', 'submitted', 'won', 'lost', 'no_bid'));