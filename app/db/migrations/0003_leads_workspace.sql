CREATE TABLE "lead_rate_limits" (
	"bucket" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_notes" ADD COLUMN "kind" text DEFAULT 'note' NOT NULL;--> statement-breakpoint
CREATE INDEX "lead_rate_limits_window_idx" ON "lead_rate_limits" USING btree ("window_start");--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_kind_check" CHECK ("lead_notes"."kind" in ('note', 'event'));--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_contacted_status_check" CHECK (("leads"."pipeline_status" = 'new' and not "leads"."contacted") or "leads"."pipeline_status" = 'lost' or ("leads"."pipeline_status" not in ('new', 'lost') and "leads"."contacted"));