CREATE TABLE "crawl_host_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crawl_host_slots" (
	"host" text PRIMARY KEY NOT NULL,
	"lease_token" uuid,
	"lease_expires_at" timestamp with time zone,
	"last_started_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "contract_opportunities" ADD COLUMN "content_hash" text;--> statement-breakpoint
CREATE INDEX "crawl_host_requests_host_started_idx" ON "crawl_host_requests" USING btree ("host","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_crawl_sessions_one_running_idx" ON "contract_crawl_sessions" USING btree ("source_id") WHERE "contract_crawl_sessions"."status" = 'running';