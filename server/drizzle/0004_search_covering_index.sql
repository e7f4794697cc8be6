-- Search and the map read only the index: the point plus what they filter and sort on are kept in it,
-- so counting thousands of games in 50 km never touches the table (see docs/adr/0014).
DROP INDEX IF EXISTS "events_public_earth_gist";--> statement-breakpoint
CREATE INDEX "events_public_earth_gist" ON "events" USING gist ("earth") INCLUDE ("end_at", "id", "game_type", "latitude", "longitude")
  WHERE is_private = false AND status IN ('upcoming', 'live');
