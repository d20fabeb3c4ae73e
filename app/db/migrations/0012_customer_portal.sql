CREATE TABLE "lead_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"author" text NOT NULL,
	"author_user_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_messages_author_check" CHECK ("lead_messages"."author" in ('customer', 'staff')),
	CONSTRAINT "lead_messages_body_check" CHECK (char_length("lead_messages"."body") between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "portal_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "portal_invitations_token_hash_key" UNIQUE("token_hash"),
	CONSTRAINT "portal_invitations_token_hash_check" CHECK ("portal_invitations"."token_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "leads" DROP CONSTRAINT "leads_pipeline_status_check";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_attachments" ADD COLUMN "uploaded_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "lead_attachments" ADD COLUMN "thumbnail_key" text;--> statement-breakpoint
ALTER TABLE "lead_attachments" ADD COLUMN "thumbnail_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "customer_user_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "appointment_date" date;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "appointment_start" time;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "appointment_end" time;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "appointment_status" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "appointment_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "appointment_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "review_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "review_requested_by" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "staff_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "customer_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_messages" ADD CONSTRAINT "lead_messages_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_messages" ADD CONSTRAINT "lead_messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_invitations" ADD CONSTRAINT "portal_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_invitations" ADD CONSTRAINT "portal_invitations_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_invitations" ADD CONSTRAINT "portal_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_messages_lead_created_idx" ON "lead_messages" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "portal_invitations_lead_idx" ON "portal_invitations" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "portal_invitations_user_idx" ON "portal_invitations" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "lead_attachments" ADD CONSTRAINT "lead_attachments_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_review_requested_by_users_id_fk" FOREIGN KEY ("review_requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_customer_user_idx" ON "leads" USING btree ("customer_user_id");--> statement-breakpoint
CREATE INDEX "leads_email_lower_idx" ON "leads" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "leads_appointment_date_idx" ON "leads" USING btree ("appointment_date");--> statement-breakpoint
ALTER TABLE "lead_attachments" ADD CONSTRAINT "lead_attachments_thumbnail_status_check" CHECK ("lead_attachments"."thumbnail_status" in ('pending', 'ready', 'failed', 'none'));--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_appointment_check" CHECK (("leads"."appointment_date" is null and "leads"."appointment_start" is null and "leads"."appointment_end" is null and "leads"."appointment_status" is null) or ("leads"."appointment_date" is not null and "leads"."appointment_start" is not null and "leads"."appointment_end" is not null and "leads"."appointment_start" < "leads"."appointment_end" and "leads"."appointment_status" in ('proposed', 'confirmed', 'change_requested')));--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_pipeline_status_check" CHECK ("leads"."pipeline_status" in ('new', 'contacted', 'inspection_scheduled', 'inspected', 'estimate_sent', 'won', 'completed', 'lost'));--> statement-breakpoint
UPDATE "lead_attachments" SET "thumbnail_status" = 'pending' WHERE "content_type" LIKE 'image/%';
