ALTER TABLE "events" ADD COLUMN "waitlist_mode" text DEFAULT 'approval' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "attended" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- HAND-WRITTEN (issue 17, ADR 91): games completed before this migration ended when completion last set updated_at.
UPDATE "events" SET "completed_at" = "updated_at" WHERE "status" = 'completed' AND "completed_at" IS NULL;
