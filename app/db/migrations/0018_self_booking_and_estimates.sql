CREATE TABLE "inspection_schedule" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"booking_enabled" boolean DEFAULT true NOT NULL,
	"weekly" jsonb NOT NULL,
	"slot_minutes" integer DEFAULT 120 NOT NULL,
	"capacity" integer DEFAULT 1 NOT NULL,
	"lead_time_hours" integer DEFAULT 24 NOT NULL,
	"change_cutoff_hours" integer DEFAULT 24 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "inspection_schedule_singleton_check" CHECK ("inspection_schedule"."id" = 1),
	CONSTRAINT "inspection_schedule_slot_check" CHECK ("inspection_schedule"."slot_minutes" between 30 and 480 and "inspection_schedule"."slot_minutes" % 30 = 0),
	CONSTRAINT "inspection_schedule_capacity_check" CHECK ("inspection_schedule"."capacity" between 1 and 20),
	CONSTRAINT "inspection_schedule_lead_time_check" CHECK ("inspection_schedule"."lead_time_hours" between 0 and 336),
	CONSTRAINT "inspection_schedule_cutoff_check" CHECK ("inspection_schedule"."change_cutoff_hours" between 0 and 336)
);
--> statement-breakpoint
CREATE TABLE "schedule_days_off" (
	"day" date PRIMARY KEY NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "schedule_days_off_note_check" CHECK ("schedule_days_off"."note" is null or char_length("schedule_days_off"."note") <= 200)
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "appointment_booked_online" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "estimate" jsonb;--> statement-breakpoint
ALTER TABLE "inspection_schedule" ADD CONSTRAINT "inspection_schedule_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_days_off" ADD CONSTRAINT "schedule_days_off_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;