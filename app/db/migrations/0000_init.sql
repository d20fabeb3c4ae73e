CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"reply_to" text,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"kind" text NOT NULL,
	"related_id" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"provider_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "email_outbox_status_check" CHECK ("email_outbox"."status" in ('queued', 'sending', 'sent', 'stored', 'failed')),
	CONSTRAINT "email_outbox_attempts_check" CHECK ("email_outbox"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_provider_account_key" UNIQUE("provider_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" uuid,
	"actor_email" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"outcome" text DEFAULT 'success' NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"request_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "audit_log_outcome_check" CHECK ("audit_log"."outcome" in ('success', 'failure', 'denied'))
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"last_request" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limits_key_key" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" uuid NOT NULL,
	CONSTRAINT "sessions_token_key" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"assigned_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_user_role_key" UNIQUE("user_id","role"),
	CONSTRAINT "user_roles_role_check" CHECK ("user_roles"."role" in ('admin', 'customer', 'super_admin'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_key" UNIQUE("email"),
	CONSTRAINT "users_status_check" CHECK ("users"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "users_email_lowercase_check" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_attachments_storage_key_key" UNIQUE("storage_key"),
	CONSTRAINT "lead_attachments_size_check" CHECK ("lead_attachments"."size_bytes" > 0),
	CONSTRAINT "lead_attachments_sha256_check" CHECK ("lead_attachments"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "lead_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"author_user_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_notes_body_check" CHECK (char_length("lead_notes"."body") between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"service" text,
	"message" text,
	"has_insurance_docs" boolean DEFAULT false NOT NULL,
	"contacted" boolean DEFAULT false NOT NULL,
	"pipeline_status" text DEFAULT 'new' NOT NULL,
	"submission_key" text NOT NULL,
	"insurance_company" text,
	"claim_number" text,
	"date_of_loss" date,
	"referrer" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"utm_term" text,
	"utm_content" text,
	"landing_path" text,
	"client_ip" "inet",
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_submission_key_key" UNIQUE("submission_key"),
	CONSTRAINT "leads_service_check" CHECK ("leads"."service" is null or "leads"."service" in ('roof-replacement', 'roof-repair', 'storm-restoration', 'insurance-claim', 'siding-gutters', 'inspection')),
	CONSTRAINT "leads_pipeline_status_check" CHECK ("leads"."pipeline_status" in ('new', 'contacted', 'inspection_scheduled', 'estimate_sent', 'won', 'lost')),
	CONSTRAINT "leads_first_name_check" CHECK (char_length("leads"."first_name") between 1 and 200),
	CONSTRAINT "leads_last_name_check" CHECK (char_length("leads"."last_name") between 1 and 200),
	CONSTRAINT "leads_email_check" CHECK (char_length("leads"."email") between 3 and 320),
	CONSTRAINT "leads_phone_check" CHECK (char_length("leads"."phone") between 1 and 50),
	CONSTRAINT "leads_message_check" CHECK ("leads"."message" is null or char_length("leads"."message") <= 10000),
	CONSTRAINT "leads_submission_key_check" CHECK (char_length("leads"."submission_key") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "google_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"google_review_id" text NOT NULL,
	"reviewer_name" text NOT NULL,
	"review_text" text,
	"rating" smallint NOT NULL,
	"relative_time_description" text DEFAULT 'Google Review' NOT NULL,
	"review_time" timestamp with time zone DEFAULT now() NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "google_reviews_google_review_id_key" UNIQUE("google_review_id"),
	CONSTRAINT "google_reviews_rating_check" CHECK ("google_reviews"."rating" between 1 and 5),
	CONSTRAINT "google_reviews_reviewer_name_check" CHECK (char_length("google_reviews"."reviewer_name") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "gaf_colors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"hex_color" text DEFAULT '#000000' NOT NULL,
	"availability_url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gaf_colors_hex_color_check" CHECK ("gaf_colors"."hex_color" ~ '^#[0-9a-fA-F]{6}$'),
	CONSTRAINT "gaf_colors_name_check" CHECK (char_length("gaf_colors"."name") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "gaf_roof_layers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gaf_roof_layers_title_check" CHECK (char_length("gaf_roof_layers"."title") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "gaf_roof_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"layer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"tagline" text,
	"long_description" text,
	"img_url" text,
	"product_url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gaf_roof_products_name_check" CHECK (char_length("gaf_roof_products"."name") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "gaf_shingles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"model" text NOT NULL,
	"price_tier" text,
	"shingle_type" text,
	"layer_lock" boolean,
	"wind_proven" boolean,
	"lifetime_warranty" boolean,
	"algae_protection_class" text,
	"title_24_compliant" boolean,
	"official_url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gaf_shingles_price_tier_check" CHECK ("gaf_shingles"."price_tier" is null or "gaf_shingles"."price_tier" in ('$', '$$', '$$$', '$$$$')),
	CONSTRAINT "gaf_shingles_shingle_type_check" CHECK ("gaf_shingles"."shingle_type" is null or "gaf_shingles"."shingle_type" in ('Architectural', 'Designer', '3-Tab')),
	CONSTRAINT "gaf_shingles_model_check" CHECK (char_length("gaf_shingles"."model") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "gaf_warranties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"coverage_type" text,
	"upfront_coverage_period" text,
	"manufacturing_defect_coverage" text,
	"workmanship_coverage" text,
	"system_coverage" boolean DEFAULT false NOT NULL,
	"wind_term_years" integer DEFAULT 0 NOT NULL,
	"transferable" boolean DEFAULT false NOT NULL,
	"algae_protection" text,
	"pdf_url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gaf_warranties_wind_term_years_check" CHECK ("gaf_warranties"."wind_term_years" >= 0),
	CONSTRAINT "gaf_warranties_name_check" CHECK (char_length("gaf_warranties"."name") between 1 and 300)
);
--> statement-breakpoint
CREATE TABLE "cms_content_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"block_key" text NOT NULL,
	"block_type" text DEFAULT 'text' NOT NULL,
	"title" text NOT NULL,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"template_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_content_blocks_block_key_key" UNIQUE("block_key"),
	CONSTRAINT "cms_content_blocks_block_type_check" CHECK ("cms_content_blocks"."block_type" in ('text', 'card_grid', 'list', 'feature_list', 'feature_grid', 'image_text')),
	CONSTRAINT "cms_content_blocks_status_check" CHECK ("cms_content_blocks"."status" in ('draft', 'published', 'archived')),
	CONSTRAINT "cms_content_blocks_block_key_check" CHECK ("cms_content_blocks"."block_key" ~ '^[a-z0-9][a-z0-9_-]*$')
);
--> statement-breakpoint
CREATE TABLE "cms_gallery_projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"description" text,
	"image_url" text NOT NULL,
	"image_alt" text NOT NULL,
	"image_width" integer,
	"image_height" integer,
	"status" text DEFAULT 'published' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_gallery_projects_slug_key" UNIQUE("slug"),
	CONSTRAINT "cms_gallery_projects_category_check" CHECK ("cms_gallery_projects"."category" in ('Residential', 'Insurance Claim', 'Commercial', 'Specialty Project', 'Premium Installation')),
	CONSTRAINT "cms_gallery_projects_status_check" CHECK ("cms_gallery_projects"."status" in ('draft', 'published', 'archived')),
	CONSTRAINT "cms_gallery_projects_slug_check" CHECK ("cms_gallery_projects"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "cms_gallery_projects_image_size_check" CHECK (("cms_gallery_projects"."image_width" is null or "cms_gallery_projects"."image_width" > 0) and ("cms_gallery_projects"."image_height" is null or "cms_gallery_projects"."image_height" > 0))
);
--> statement-breakpoint
CREATE TABLE "cms_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page_key" text NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_pages_page_key_key" UNIQUE("page_key"),
	CONSTRAINT "cms_pages_status_check" CHECK ("cms_pages"."status" in ('draft', 'published', 'archived')),
	CONSTRAINT "cms_pages_page_key_check" CHECK ("cms_pages"."page_key" ~ '^[a-z0-9][a-z0-9_-]*$')
);
--> statement-breakpoint
CREATE TABLE "cms_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"description" text NOT NULL,
	"icon_name" text DEFAULT 'Wrench' NOT NULL,
	"image_url" text,
	"is_featured" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_services_slug_key" UNIQUE("slug"),
	CONSTRAINT "cms_services_icon_name_check" CHECK ("cms_services"."icon_name" in ('Construction', 'Wrench', 'Cloud', 'Shield', 'Building', 'FileCheck', 'Hammer', 'Home', 'Settings', 'Tool', 'Zap', 'CheckCircle')),
	CONSTRAINT "cms_services_status_check" CHECK ("cms_services"."status" in ('draft', 'published', 'archived')),
	CONSTRAINT "cms_services_slug_check" CHECK ("cms_services"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "cms_services_title_check" CHECK (char_length("cms_services"."title") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "cms_site_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"setting_key" text NOT NULL,
	"setting_value" text NOT NULL,
	"setting_type" text DEFAULT 'text' NOT NULL,
	"description" text,
	"category" text DEFAULT 'general' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_site_settings_setting_key_key" UNIQUE("setting_key"),
	CONSTRAINT "cms_site_settings_setting_type_check" CHECK ("cms_site_settings"."setting_type" in ('text', 'html', 'json', 'boolean', 'number', 'url')),
	CONSTRAINT "cms_site_settings_category_check" CHECK ("cms_site_settings"."category" in ('general', 'contact', 'branding', 'social', 'certifications', 'seo')),
	CONSTRAINT "cms_site_settings_setting_key_check" CHECK ("cms_site_settings"."setting_key" ~ '^[a-z][a-z0-9_]*$')
);
--> statement-breakpoint
CREATE TABLE "cms_team_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"bio" text NOT NULL,
	"image_url" text,
	"image_position" text DEFAULT 'center' NOT NULL,
	"is_leadership" boolean DEFAULT false NOT NULL,
	"social_links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_team_members_slug_key" UNIQUE("slug"),
	CONSTRAINT "cms_team_members_image_position_check" CHECK ("cms_team_members"."image_position" in ('center', 'top', 'bottom')),
	CONSTRAINT "cms_team_members_status_check" CHECK ("cms_team_members"."status" in ('draft', 'published', 'archived')),
	CONSTRAINT "cms_team_members_slug_check" CHECK ("cms_team_members"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
	CONSTRAINT "cms_team_members_name_check" CHECK (char_length("cms_team_members"."name") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "contract_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_categories_slug_key" UNIQUE("slug"),
	CONSTRAINT "contract_categories_slug_check" CHECK ("contract_categories"."slug" ~ '^[a-z0-9-]+$')
);
--> statement-breakpoint
CREATE TABLE "contract_crawl_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"log_level" text DEFAULT 'info' NOT NULL,
	"message" text NOT NULL,
	"context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"logged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_crawl_logs_log_level_check" CHECK ("contract_crawl_logs"."log_level" in ('debug', 'info', 'warn', 'error'))
);
--> statement-breakpoint
CREATE TABLE "contract_crawl_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_id" uuid,
	"search_config_id" uuid,
	"session_type" text DEFAULT 'manual' NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"total_found" integer DEFAULT 0 NOT NULL,
	"new_contracts" integer DEFAULT 0 NOT NULL,
	"updated_contracts" integer DEFAULT 0 NOT NULL,
	"failed_contracts" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"duration_seconds" integer,
	"requests_made" integer DEFAULT 0 NOT NULL,
	"pages_processed" integer DEFAULT 0 NOT NULL,
	"rate_limit_hits" integer DEFAULT 0 NOT NULL,
	"search_parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error_details" jsonb,
	"error_message" text,
	"triggered_by" uuid,
	CONSTRAINT "contract_crawl_sessions_status_check" CHECK ("contract_crawl_sessions"."status" in ('running', 'completed', 'failed')),
	CONSTRAINT "contract_crawl_sessions_session_type_check" CHECK ("contract_crawl_sessions"."session_type" in ('manual', 'scheduled')),
	CONSTRAINT "contract_crawl_sessions_counts_check" CHECK ("contract_crawl_sessions"."total_found" >= 0 and "contract_crawl_sessions"."new_contracts" >= 0 and "contract_crawl_sessions"."updated_contracts" >= 0 and "contract_crawl_sessions"."failed_contracts" >= 0 and "contract_crawl_sessions"."requests_made" >= 0 and "contract_crawl_sessions"."pages_processed" >= 0 and "contract_crawl_sessions"."rate_limit_hits" >= 0),
	CONSTRAINT "contract_crawl_sessions_duration_check" CHECK ("contract_crawl_sessions"."duration_seconds" is null or "contract_crawl_sessions"."duration_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "contract_opportunities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_id" uuid NOT NULL,
	"category_id" uuid,
	"external_id" text NOT NULL,
	"source_url" text,
	"title" text NOT NULL,
	"description" text,
	"agency_name" text,
	"contact_person" text,
	"contact_email" text,
	"contact_phone" text,
	"contract_type" text,
	"estimated_value" numeric(14, 2),
	"currency" text DEFAULT 'USD' NOT NULL,
	"location_city" text,
	"location_state" text,
	"location_country" text DEFAULT 'US' NOT NULL,
	"posted_date" timestamp with time zone,
	"deadline_date" timestamp with time zone,
	"work_start_date" timestamp with time zone,
	"work_end_date" timestamp with time zone,
	"requirements" text,
	"qualifications" text,
	"submission_instructions" text,
	"documents_required" text[] DEFAULT '{}'::text[] NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"priority_score" integer DEFAULT 0 NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"is_bookmarked" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"last_scraped_at" timestamp with time zone,
	"scrape_count" integer DEFAULT 0 NOT NULL,
	"raw_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, coalesce("contract_opportunities"."title", '') || ' ' || coalesce("contract_opportunities"."agency_name", '') || ' ' || coalesce("contract_opportunities"."description", ''))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_opportunities_source_external_key" UNIQUE("source_id","external_id"),
	CONSTRAINT "contract_opportunities_estimated_value_check" CHECK ("contract_opportunities"."estimated_value" is null or "contract_opportunities"."estimated_value" >= 0),
	CONSTRAINT "contract_opportunities_currency_check" CHECK ("contract_opportunities"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "contract_opportunities_status_check" CHECK ("contract_opportunities"."status" in ('active', 'closed', 'awarded', 'cancelled', 'archived')),
	CONSTRAINT "contract_opportunities_scrape_count_check" CHECK ("contract_opportunities"."scrape_count" >= 0),
	CONSTRAINT "contract_opportunities_title_check" CHECK (char_length("contract_opportunities"."title") >= 1)
);
--> statement-breakpoint
CREATE TABLE "contract_search_configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"keywords" text[] NOT NULL,
	"location_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"category_filters" text[] DEFAULT '{}'::text[] NOT NULL,
	"date_range_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"amount_range_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"custom_parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_search_configs_source_name_key" UNIQUE("source_id","name")
);
--> statement-breakpoint
CREATE TABLE "contract_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"base_url" text NOT NULL,
	"source_type" text DEFAULT 'scraper' NOT NULL,
	"logo_url" text,
	"contact_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rate_limit_config" jsonb DEFAULT '{"requestsPerMinute":30,"requestsPerHour":1000,"delayBetweenRequestsMs":2000}'::jsonb NOT NULL,
	"authentication_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_sources_slug_key" UNIQUE("slug"),
	CONSTRAINT "contract_sources_slug_check" CHECK ("contract_sources"."slug" ~ '^[a-z0-9-]+$'),
	CONSTRAINT "contract_sources_source_type_check" CHECK ("contract_sources"."source_type" in ('scraper', 'api', 'rss', 'manual')),
	CONSTRAINT "contract_sources_name_check" CHECK (char_length("contract_sources"."name") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_attachments" ADD CONSTRAINT "lead_attachments_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gaf_roof_products" ADD CONSTRAINT "gaf_roof_products_layer_id_gaf_roof_layers_id_fk" FOREIGN KEY ("layer_id") REFERENCES "public"."gaf_roof_layers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_crawl_logs" ADD CONSTRAINT "contract_crawl_logs_session_id_contract_crawl_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."contract_crawl_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_crawl_sessions" ADD CONSTRAINT "contract_crawl_sessions_source_id_contract_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."contract_sources"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_crawl_sessions" ADD CONSTRAINT "contract_crawl_sessions_search_config_id_contract_search_configs_id_fk" FOREIGN KEY ("search_config_id") REFERENCES "public"."contract_search_configs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_crawl_sessions" ADD CONSTRAINT "contract_crawl_sessions_triggered_by_users_id_fk" FOREIGN KEY ("triggered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_opportunities" ADD CONSTRAINT "contract_opportunities_source_id_contract_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."contract_sources"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_opportunities" ADD CONSTRAINT "contract_opportunities_category_id_contract_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."contract_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_search_configs" ADD CONSTRAINT "contract_search_configs_source_id_contract_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."contract_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_status_created_idx" ON "email_outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_log_occurred_idx" ON "audit_log" USING btree ("occurred_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","occurred_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "lead_attachments_lead_idx" ON "lead_attachments" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "lead_notes_lead_created_idx" ON "lead_notes" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_pipeline_status_idx" ON "leads" USING btree ("pipeline_status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_service_idx" ON "leads" USING btree ("service");--> statement-breakpoint
CREATE INDEX "google_reviews_active_time_idx" ON "google_reviews" USING btree ("is_active","review_time" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "google_reviews_time_idx" ON "google_reviews" USING btree ("review_time" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "gaf_colors_active_sort_idx" ON "gaf_colors" USING btree ("is_active","sort_order");--> statement-breakpoint
CREATE INDEX "gaf_roof_layers_active_sort_idx" ON "gaf_roof_layers" USING btree ("is_active","sort_order");--> statement-breakpoint
CREATE INDEX "gaf_roof_products_layer_sort_idx" ON "gaf_roof_products" USING btree ("layer_id","is_active","sort_order");--> statement-breakpoint
CREATE INDEX "gaf_roof_products_active_sort_idx" ON "gaf_roof_products" USING btree ("is_active","sort_order");--> statement-breakpoint
CREATE INDEX "gaf_shingles_active_sort_idx" ON "gaf_shingles" USING btree ("is_active","sort_order");--> statement-breakpoint
CREATE INDEX "gaf_warranties_active_sort_idx" ON "gaf_warranties" USING btree ("is_active","sort_order");--> statement-breakpoint
CREATE INDEX "cms_gallery_projects_status_sort_idx" ON "cms_gallery_projects" USING btree ("status","sort_order");--> statement-breakpoint
CREATE INDEX "cms_services_status_sort_idx" ON "cms_services" USING btree ("status","sort_order");--> statement-breakpoint
CREATE INDEX "cms_services_sort_idx" ON "cms_services" USING btree ("sort_order");--> statement-breakpoint
CREATE INDEX "cms_site_settings_category_key_idx" ON "cms_site_settings" USING btree ("category","setting_key");--> statement-breakpoint
CREATE INDEX "cms_site_settings_public_idx" ON "cms_site_settings" USING btree ("is_public");--> statement-breakpoint
CREATE INDEX "cms_team_members_status_sort_idx" ON "cms_team_members" USING btree ("status","sort_order");--> statement-breakpoint
CREATE INDEX "cms_team_members_sort_idx" ON "cms_team_members" USING btree ("sort_order");--> statement-breakpoint
CREATE INDEX "contract_crawl_logs_session_logged_idx" ON "contract_crawl_logs" USING btree ("session_id","logged_at");--> statement-breakpoint
CREATE INDEX "contract_crawl_sessions_started_idx" ON "contract_crawl_sessions" USING btree ("started_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contract_crawl_sessions_source_started_idx" ON "contract_crawl_sessions" USING btree ("source_id","started_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contract_crawl_sessions_status_idx" ON "contract_crawl_sessions" USING btree ("status");--> statement-breakpoint
CREATE INDEX "contract_opportunities_posted_idx" ON "contract_opportunities" USING btree ("posted_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contract_opportunities_active_posted_idx" ON "contract_opportunities" USING btree ("is_active","posted_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contract_opportunities_deadline_idx" ON "contract_opportunities" USING btree ("deadline_date");--> statement-breakpoint
CREATE INDEX "contract_opportunities_source_idx" ON "contract_opportunities" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "contract_opportunities_category_idx" ON "contract_opportunities" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "contract_opportunities_status_idx" ON "contract_opportunities" USING btree ("status");--> statement-breakpoint
CREATE INDEX "contract_opportunities_location_state_idx" ON "contract_opportunities" USING btree ("location_state");--> statement-breakpoint
CREATE INDEX "contract_opportunities_estimated_value_idx" ON "contract_opportunities" USING btree ("estimated_value");--> statement-breakpoint
CREATE INDEX "contract_opportunities_search_idx" ON "contract_opportunities" USING gin ("search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_search_configs_one_default_idx" ON "contract_search_configs" USING btree ("source_id") WHERE "contract_search_configs"."is_default";--> statement-breakpoint
CREATE INDEX "contract_search_configs_source_sort_idx" ON "contract_search_configs" USING btree ("source_id","is_active","sort_order");--> statement-breakpoint
CREATE INDEX "contract_sources_active_sort_idx" ON "contract_sources" USING btree ("is_active","sort_order");