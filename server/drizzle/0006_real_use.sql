CREATE TABLE "saved_locations" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"city" text,
	"region" text,
	"country" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "owner_unread_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "saved_locations" ADD CONSTRAINT "saved_locations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written: the ranking rule (docs/adr/0077) applied to the games completed before it existed.
-- A completed game counts only when it had started when it was completed and had an accepted player
-- (now 'finished') besides the organiser. A completed game's updated_at is the moment it was
-- completed: nothing changes a finished game afterwards. Games that do not count are taken back
-- out of the counters; games of deleted organisers are gone and stay counted (docs/adr/0031).
WITH uncounted AS (
  SELECT e.owner_id, count(*) AS n
  FROM events e
  WHERE e.status = 'completed'
    AND (e.start_at > e.updated_at
      OR NOT EXISTS (SELECT 1 FROM participations p WHERE p.event_id = e.id AND p.status = 'finished'))
  GROUP BY e.owner_id
)
UPDATE user_stats s SET events_organized = GREATEST(0, s.events_organized - u.n)
FROM uncounted u WHERE s.user_id = u.owner_id;
--> statement-breakpoint
WITH early AS (
  SELECT p.user_id, count(*) AS n
  FROM participations p
  JOIN events e ON e.id = p.event_id
  WHERE e.status = 'completed' AND e.start_at > e.updated_at AND p.status = 'finished'
  GROUP BY p.user_id
)
UPDATE user_stats s SET games_played = GREATEST(0, s.games_played - early.n)
FROM early WHERE s.user_id = early.user_id;
