CREATE TABLE "contract_digest_subscribers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_crawl_sessions" ADD COLUMN "digest_queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contract_search_configs" ADD COLUMN "schedule_cron" text;--> statement-breakpoint
ALTER TABLE "contract_search_configs" ADD COLUMN "last_scheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contract_digest_subscribers" ADD CONSTRAINT "contract_digest_subscribers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;