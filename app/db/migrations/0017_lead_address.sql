ALTER TABLE "leads" ADD COLUMN "address_street" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "address_city" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "address_state" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "address_zip" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "outside_service_area" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_address_check" CHECK (("leads"."address_street" is null or char_length("leads"."address_street") between 1 and 200) and ("leads"."address_city" is null or char_length("leads"."address_city") between 1 and 100) and ("leads"."address_state" is null or "leads"."address_state" ~ '^[A-Z]{2}$') and ("leads"."address_zip" is null or "leads"."address_zip" ~ '^[0-9]{5}(-[0-9]{4})?$'));