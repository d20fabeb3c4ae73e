ALTER TABLE "lead_attachments" ADD COLUMN "added_from" text DEFAULT 'request' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_attachments" ADD CONSTRAINT "lead_attachments_added_from_check" CHECK ("lead_attachments"."added_from" in ('request', 'portal'));--> statement-breakpoint
UPDATE "lead_attachments" SET "added_from" = 'portal' WHERE "uploaded_by_user_id" IS NOT NULL;--> statement-breakpoint
UPDATE "lead_attachments" SET "thumbnail_status" = 'pending' WHERE "thumbnail_status" = 'ready';