CREATE SEQUENCE "public"."proposal_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "gaf_shingle_colors" (
	"shingle_id" uuid NOT NULL,
	"color_id" uuid NOT NULL,
	CONSTRAINT "gaf_shingle_colors_shingle_id_color_id_pk" PRIMARY KEY("shingle_id","color_id")
);
--> statement-breakpoint
CREATE TABLE "lead_measurements" (
	"lead_id" uuid PRIMARY KEY NOT NULL,
	"facets_hundredths" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"area_hundredths" integer NOT NULL,
	"pitch" integer NOT NULL,
	"stories" integer NOT NULL,
	"layers" integer NOT NULL,
	"complexity" text DEFAULT 'moderate' NOT NULL,
	"ridge_ft" integer DEFAULT 0 NOT NULL,
	"hip_ft" integer DEFAULT 0 NOT NULL,
	"valley_ft" integer DEFAULT 0 NOT NULL,
	"eave_ft" integer DEFAULT 0 NOT NULL,
	"rake_ft" integer DEFAULT 0 NOT NULL,
	"penetrations" integer DEFAULT 0 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_measurements_area_check" CHECK ("lead_measurements"."area_hundredths" between 1 and 1000000),
	CONSTRAINT "lead_measurements_pitch_check" CHECK ("lead_measurements"."pitch" between 0 and 24),
	CONSTRAINT "lead_measurements_stories_check" CHECK ("lead_measurements"."stories" between 1 and 6),
	CONSTRAINT "lead_measurements_layers_check" CHECK ("lead_measurements"."layers" between 0 and 4),
	CONSTRAINT "lead_measurements_complexity_check" CHECK ("lead_measurements"."complexity" in ('simple', 'moderate', 'complex')),
	CONSTRAINT "lead_measurements_lengths_check" CHECK ("lead_measurements"."ridge_ft" between 0 and 100000 and "lead_measurements"."hip_ft" between 0 and 100000 and "lead_measurements"."valley_ft" between 0 and 100000 and "lead_measurements"."eave_ft" between 0 and 100000 and "lead_measurements"."rake_ft" between 0 and 100000 and "lead_measurements"."penetrations" between 0 and 1000)
);
--> statement-breakpoint
CREATE TABLE "price_book_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category" text NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"basis" text DEFAULT 'none' NOT NULL,
	"gaf_shingle_id" uuid,
	"gaf_roof_product_id" uuid,
	"is_labour" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_book_items_name_check" CHECK (char_length("price_book_items"."name") between 1 and 200),
	CONSTRAINT "price_book_items_price_check" CHECK ("price_book_items"."unit_price_cents" between 0 and 100000000),
	CONSTRAINT "price_book_items_category_check" CHECK ("price_book_items"."category" in ('tear-off', 'decking', 'underlayment', 'starter', 'shingles', 'ridge-cap', 'ventilation', 'flashing', 'drip-edge', 'labour', 'disposal', 'permit', 'other')),
	CONSTRAINT "price_book_items_unit_check" CHECK ("price_book_items"."unit" in ('square', 'linear-foot', 'each', 'lump-sum')),
	CONSTRAINT "price_book_items_basis_check" CHECK ("price_book_items"."basis" in ('area', 'area-with-waste', 'tear-off', 'eaves', 'eaves-rakes', 'eaves-valleys', 'ridge', 'ridge-hip', 'penetrations', 'one', 'none')),
	CONSTRAINT "price_book_items_one_gaf_link_check" CHECK ("price_book_items"."gaf_shingle_id" is null or "price_book_items"."gaf_roof_product_id" is null)
);
--> statement-breakpoint
CREATE TABLE "price_book_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"waste_simple_bp" integer DEFAULT 1000 NOT NULL,
	"waste_moderate_bp" integer DEFAULT 1500 NOT NULL,
	"waste_complex_bp" integer DEFAULT 2000 NOT NULL,
	"steep_pitch_from" integer DEFAULT 8 NOT NULL,
	"steep_pitch_factor_bp" integer DEFAULT 12500 NOT NULL,
	"extra_story_factor_bp" integer DEFAULT 1000 NOT NULL,
	"sales_tax_bp" integer DEFAULT 0 NOT NULL,
	"deposit_bp" integer DEFAULT 3000 NOT NULL,
	"valid_days" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_book_settings_single_row_check" CHECK ("price_book_settings"."id" = 1),
	CONSTRAINT "price_book_settings_ranges_check" CHECK ("price_book_settings"."waste_simple_bp" between 0 and 5000 and "price_book_settings"."waste_moderate_bp" between 0 and 5000 and "price_book_settings"."waste_complex_bp" between 0 and 5000 and "price_book_settings"."steep_pitch_from" between 1 and 24 and "price_book_settings"."steep_pitch_factor_bp" between 10000 and 30000 and "price_book_settings"."extra_story_factor_bp" between 0 and 10000 and "price_book_settings"."sales_tax_bp" between 0 and 2000 and "price_book_settings"."deposit_bp" between 0 and 10000 and "price_book_settings"."valid_days" between 1 and 365)
);
--> statement-breakpoint
CREATE TABLE "proposal_acceptances" (
	"proposal_id" uuid PRIMARY KEY NOT NULL,
	"option_key" text NOT NULL,
	"add_on_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"color_id" uuid,
	"color_name" text,
	"total_cents" integer NOT NULL,
	"deposit_cents" integer NOT NULL,
	"signer_name" text NOT NULL,
	"signature_png" "bytea",
	"consented_at" timestamp with time zone NOT NULL,
	"accepted_document_sha256" text NOT NULL,
	"signed_by_user_id" uuid,
	"client_ip" "inet",
	"user_agent" text,
	"signed_pdf_attachment_id" uuid,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposal_acceptances_signer_check" CHECK (char_length("proposal_acceptances"."signer_name") between 2 and 200),
	CONSTRAINT "proposal_acceptances_total_check" CHECK ("proposal_acceptances"."total_cents" >= 0 and "proposal_acceptances"."deposit_cents" >= 0 and "proposal_acceptances"."deposit_cents" <= "proposal_acceptances"."total_cents"),
	CONSTRAINT "proposal_acceptances_hash_check" CHECK ("proposal_acceptances"."accepted_document_sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"proposal_number" integer NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"content" jsonb NOT NULL,
	"expires_on" text NOT NULL,
	"document_sha256" text,
	"pdf_attachment_id" uuid,
	"created_by" uuid,
	"sent_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"first_viewed_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decline_reason" text,
	"superseded_at" timestamp with time zone,
	CONSTRAINT "proposals_status_check" CHECK ("proposals"."status" in ('draft', 'sent', 'viewed', 'accepted', 'declined', 'superseded')),
	CONSTRAINT "proposals_revision_check" CHECK ("proposals"."revision" >= 1),
	CONSTRAINT "proposals_expires_on_check" CHECK ("proposals"."expires_on" ~ '^\d{4}-\d{2}-\d{2}$'),
	CONSTRAINT "proposals_sent_check" CHECK ("proposals"."status" = 'draft' or ("proposals"."sent_at" is not null and "proposals"."document_sha256" ~ '^[0-9a-f]{64}$')),
	CONSTRAINT "proposals_decline_reason_check" CHECK ("proposals"."decline_reason" is null or char_length("proposals"."decline_reason") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "lead_attachments" DROP CONSTRAINT "lead_attachments_added_from_check";--> statement-breakpoint
ALTER TABLE "gaf_shingle_colors" ADD CONSTRAINT "gaf_shingle_colors_shingle_id_gaf_shingles_id_fk" FOREIGN KEY ("shingle_id") REFERENCES "public"."gaf_shingles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gaf_shingle_colors" ADD CONSTRAINT "gaf_shingle_colors_color_id_gaf_colors_id_fk" FOREIGN KEY ("color_id") REFERENCES "public"."gaf_colors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_measurements" ADD CONSTRAINT "lead_measurements_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_measurements" ADD CONSTRAINT "lead_measurements_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_book_items" ADD CONSTRAINT "price_book_items_gaf_shingle_id_gaf_shingles_id_fk" FOREIGN KEY ("gaf_shingle_id") REFERENCES "public"."gaf_shingles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_book_items" ADD CONSTRAINT "price_book_items_gaf_roof_product_id_gaf_roof_products_id_fk" FOREIGN KEY ("gaf_roof_product_id") REFERENCES "public"."gaf_roof_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_acceptances" ADD CONSTRAINT "proposal_acceptances_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_acceptances" ADD CONSTRAINT "proposal_acceptances_color_id_gaf_colors_id_fk" FOREIGN KEY ("color_id") REFERENCES "public"."gaf_colors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_acceptances" ADD CONSTRAINT "proposal_acceptances_signed_by_user_id_users_id_fk" FOREIGN KEY ("signed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_acceptances" ADD CONSTRAINT "proposal_acceptances_signed_pdf_attachment_id_lead_attachments_id_fk" FOREIGN KEY ("signed_pdf_attachment_id") REFERENCES "public"."lead_attachments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_pdf_attachment_id_lead_attachments_id_fk" FOREIGN KEY ("pdf_attachment_id") REFERENCES "public"."lead_attachments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gaf_shingle_colors_color_idx" ON "gaf_shingle_colors" USING btree ("color_id");--> statement-breakpoint
CREATE INDEX "price_book_items_category_sort_idx" ON "price_book_items" USING btree ("category","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "proposals_number_revision_key" ON "proposals" USING btree ("proposal_number","revision");--> statement-breakpoint
CREATE INDEX "proposals_lead_idx" ON "proposals" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "proposals_status_idx" ON "proposals" USING btree ("status","sent_at");--> statement-breakpoint
ALTER TABLE "lead_attachments" ADD CONSTRAINT "lead_attachments_added_from_check" CHECK ("lead_attachments"."added_from" in ('request', 'portal', 'proposal'));