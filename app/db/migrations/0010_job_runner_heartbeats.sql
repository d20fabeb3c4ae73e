CREATE TABLE "job_runner_heartbeats" (
	"instance_id" text PRIMARY KEY NOT NULL,
	"hostname" text NOT NULL,
	"pid" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"period_seconds" integer DEFAULT 30 NOT NULL,
	"stopped_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "job_runner_heartbeats_last_seen_idx" ON "job_runner_heartbeats" USING btree ("last_seen_at");