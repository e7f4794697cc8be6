CREATE TABLE "event_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"weekday" integer NOT NULL,
	"anchor_date" text NOT NULL,
	"local_time" text NOT NULL,
	"duration" integer NOT NULL,
	"template" jsonb NOT NULL,
	"until" text,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series_regulars" (
	"series_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "series_regulars_series_id_user_id_pk" PRIMARY KEY("series_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "series_date" text;--> statement-breakpoint
ALTER TABLE "event_series" ADD CONSTRAINT "event_series_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_regulars" ADD CONSTRAINT "series_regulars_series_id_event_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."event_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_regulars" ADD CONSTRAINT "series_regulars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_series_active_idx" ON "event_series" USING btree ("id") WHERE ended_at IS NULL;--> statement-breakpoint
CREATE INDEX "event_series_owner_idx" ON "event_series" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "series_regulars_user_idx" ON "series_regulars" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_series_id_event_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."event_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "events_series_slot_key" ON "events" USING btree ("series_id","series_date");