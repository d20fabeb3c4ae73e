CREATE TABLE "content_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"item_id" text NOT NULL,
	"number" integer NOT NULL,
	"values" jsonb NOT NULL,
	"actor_user_id" uuid,
	"actor_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_versions_item_number_key" UNIQUE("kind","item_id","number"),
	CONSTRAINT "content_versions_kind_check" CHECK ("content_versions"."kind" in ('service', 'team_member', 'page', 'block', 'setting', 'gallery_project', 'site_configuration')),
	CONSTRAINT "content_versions_number_check" CHECK ("content_versions"."number" > 0)
);
--> statement-breakpoint
ALTER TABLE "cms_content_blocks" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cms_content_blocks" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cms_gallery_projects" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cms_gallery_projects" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cms_pages" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cms_pages" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cms_services" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cms_services" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cms_team_members" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cms_team_members" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_versions" ADD CONSTRAINT "content_versions_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;