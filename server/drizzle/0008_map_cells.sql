CREATE TABLE "map_cells" (
	"zoom" integer NOT NULL,
	"cx" integer NOT NULL,
	"cy" integer NOT NULL,
	"games" integer NOT NULL,
	"latitude_sum" double precision NOT NULL,
	"longitude_sum" double precision NOT NULL,
	CONSTRAINT "map_cells_zoom_cx_cy_pk" PRIMARY KEY("zoom","cx","cy")
);
--> statement-breakpoint
-- ==== Hand-written (ADR 81): keep map_cells in step with events. Re-append after renumbering. ====
-- Statement triggers with transition tables: a bulk insert (the seed's 50,000 rows) updates each
-- touched cell once. A game counts while it is public and upcoming or live; the event clock
-- completes games whose time is up (every 30 s), which takes them out of their cells.
CREATE FUNCTION map_cells_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO map_cells AS m (zoom, cx, cy, games, latitude_sum, longitude_sum)
    SELECT z, floor(o.longitude / (90.0 / 2 ^ z))::int, floor(o.latitude / (90.0 / 2 ^ z * 0.6))::int,
      -count(*), -sum(o.latitude), -sum(o.longitude)
    FROM old_rows o CROSS JOIN generate_series(6, 10) z
    WHERE o.is_private = false AND o.status IN ('upcoming', 'live')
    GROUP BY 1, 2, 3
    ON CONFLICT (zoom, cx, cy) DO UPDATE SET games = m.games + excluded.games,
      latitude_sum = m.latitude_sum + excluded.latitude_sum, longitude_sum = m.longitude_sum + excluded.longitude_sum;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO map_cells AS m (zoom, cx, cy, games, latitude_sum, longitude_sum)
    SELECT z, floor(n.longitude / (90.0 / 2 ^ z))::int, floor(n.latitude / (90.0 / 2 ^ z * 0.6))::int,
      count(*), sum(n.latitude), sum(n.longitude)
    FROM new_rows n CROSS JOIN generate_series(6, 10) z
    WHERE n.is_private = false AND n.status IN ('upcoming', 'live')
    GROUP BY 1, 2, 3
    ON CONFLICT (zoom, cx, cy) DO UPDATE SET games = m.games + excluded.games,
      latitude_sum = m.latitude_sum + excluded.latitude_sum, longitude_sum = m.longitude_sum + excluded.longitude_sum;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER events_map_cells_insert AFTER INSERT ON events REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION map_cells_apply();--> statement-breakpoint
CREATE TRIGGER events_map_cells_update AFTER UPDATE ON events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION map_cells_apply();--> statement-breakpoint
CREATE TRIGGER events_map_cells_delete AFTER DELETE ON events REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION map_cells_apply();--> statement-breakpoint
INSERT INTO map_cells (zoom, cx, cy, games, latitude_sum, longitude_sum)
SELECT z, floor(e.longitude / (90.0 / 2 ^ z))::int, floor(e.latitude / (90.0 / 2 ^ z * 0.6))::int, count(*), sum(e.latitude), sum(e.longitude)
FROM events e CROSS JOIN generate_series(6, 10) z
WHERE e.is_private = false AND e.status IN ('upcoming', 'live')
GROUP BY 1, 2, 3;
--> statement-breakpoint
-- The map's marker walk reads only the index: what a marker and its popup show is kept in it too.
DROP INDEX IF EXISTS "events_public_earth_gist";--> statement-breakpoint
CREATE INDEX "events_public_earth_gist" ON "events" USING gist ("earth")
  INCLUDE ("end_at", "id", "game_type", "latitude", "longitude", "event_name", "start_at", "duration", "price", "player_count")
  WHERE is_private = false AND status IN ('upcoming', 'live');
-- ==== End of hand-written block ====
