CREATE TABLE "account_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"lead_id" uuid,
	"token_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "account_links_token_hash_key" UNIQUE("token_hash"),
	CONSTRAINT "account_links_purpose_check" CHECK ("account_links"."purpose" in ('confirm-email', 'portal-invitation')),
	CONSTRAINT "account_links_invitation_lead_check" CHECK ("account_links"."purpose" <> 'portal-invitation' or "account_links"."lead_id" is not null),
	CONSTRAINT "account_links_token_hash_check" CHECK ("account_links"."token_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "sealed_secret" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "bodies_purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_links" ADD CONSTRAINT "account_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_links" ADD CONSTRAINT "account_links_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_links" ADD CONSTRAINT "account_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_links_lead_idx" ON "account_links" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "account_links_user_idx" ON "account_links" USING btree ("user_id","purpose");--> statement-breakpoint
-- Portal invitations become account links (ADR 046); their tokens were already stored as SHA-256.
INSERT INTO "account_links" ("id", "user_id", "purpose", "lead_id", "token_hash", "created_by", "created_at", "expires_at", "used_at")
SELECT "id", "user_id", 'portal-invitation', "lead_id", "token_hash", "invited_by", "created_at", "expires_at", "used_at" FROM "portal_invitations";--> statement-breakpoint
-- Sessions are stored as the digest of their token (session-token-digest.server.ts): 'sha256:' and the
-- unpadded base64url of the SHA-256 of the token's UTF-8 bytes.
UPDATE "sessions" SET "token" = 'sha256:' || translate(encode(sha256(convert_to("token", 'UTF8')), 'base64'), '+/=', '-_')
WHERE "token" NOT LIKE 'sha256:%';--> statement-breakpoint
-- No session of an address nobody proved survives (issue 29 item 1): such an account signs in again once confirmed.
DELETE FROM "sessions" WHERE "user_id" IN (SELECT "id" FROM "users" WHERE NOT "email_verified");--> statement-breakpoint
-- Links already written into the outbox in clear are cut out; a message still waiting with one is not sent
-- (its link would no longer be whole): staff send a new invitation, people ask for a new link.
UPDATE "email_outbox"
SET "status" = CASE WHEN "status" IN ('queued', 'sending') THEN 'failed' ELSE "status" END,
    "last_error" = CASE WHEN "status" IN ('queued', 'sending') THEN 'Not sent: its one-time link was removed from the outbox at an upgrade. Send a new one.' ELSE "last_error" END,
    "text_body" = regexp_replace("text_body", 'token=[^\s"''<>&]+', 'token=(removed)', 'g'),
    "html_body" = regexp_replace("html_body", 'token=[^\s"''<>&]+', 'token=(removed)', 'g'),
    "updated_at" = now()
WHERE "text_body" ~ 'token=' OR "html_body" ~ 'token=';
