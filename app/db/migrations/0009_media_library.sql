CREATE TABLE "media_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"original_key" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"alt_text" text DEFAULT '' NOT NULL,
	"focal_x" integer DEFAULT 50 NOT NULL,
	"focal_y" integer DEFAULT 50 NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"failure_message" text,
	"variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"variant_bytes" integer DEFAULT 0 NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_assets_status_check" CHECK ("media_assets"."status" in ('processing', 'ready', 'failed')),
	CONSTRAINT "media_assets_focal_check" CHECK ("media_assets"."focal_x" between 0 and 100 and "media_assets"."focal_y" between 0 and 100),
	CONSTRAINT "media_assets_size_check" CHECK ("media_assets"."width" > 0 and "media_assets"."height" > 0 and "media_assets"."byte_size" > 0),
	CONSTRAINT "media_assets_alt_text_check" CHECK (char_length("media_assets"."alt_text") <= 300)
);
--> statement-breakpoint
ALTER TABLE "cms_gallery_projects" ALTER COLUMN "image_url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cms_gallery_projects" ALTER COLUMN "image_alt" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cms_gallery_projects" ADD COLUMN "image_media_id" uuid;--> statement-breakpoint
ALTER TABLE "cms_services" ADD COLUMN "image_media_id" uuid;--> statement-breakpoint
ALTER TABLE "cms_team_members" ADD COLUMN "image_media_id" uuid;--> statement-breakpoint
ALTER TABLE "media_assets" ADD CONSTRAINT "media_assets_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_assets_created_idx" ON "media_assets" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_assets_status_idx" ON "media_assets" USING btree ("status","updated_at");--> statement-breakpoint
ALTER TABLE "cms_gallery_projects" ADD CONSTRAINT "cms_gallery_projects_image_media_id_media_assets_id_fk" FOREIGN KEY ("image_media_id") REFERENCES "public"."media_assets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_services" ADD CONSTRAINT "cms_services_image_media_id_media_assets_id_fk" FOREIGN KEY ("image_media_id") REFERENCES "public"."media_assets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_team_members" ADD CONSTRAINT "cms_team_members_image_media_id_media_assets_id_fk" FOREIGN KEY ("image_media_id") REFERENCES "public"."media_assets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cms_gallery_projects_image_media_idx" ON "cms_gallery_projects" USING btree ("image_media_id");--> statement-breakpoint
CREATE INDEX "cms_services_image_media_idx" ON "cms_services" USING btree ("image_media_id");--> statement-breakpoint
CREATE INDEX "cms_team_members_image_media_idx" ON "cms_team_members" USING btree ("image_media_id");--> statement-breakpoint
ALTER TABLE "cms_gallery_projects" ADD CONSTRAINT "cms_gallery_projects_image_check" CHECK ("cms_gallery_projects"."image_media_id" is not null or ("cms_gallery_projects"."image_url" is not null and "cms_gallery_projects"."image_alt" is not null));--> statement-breakpoint
-- The public pages show library photos (alt text, focal point, variants): changes clear the page caches (0001).
CREATE TRIGGER "media_assets_content_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "media_assets" FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
