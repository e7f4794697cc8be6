-- ==== Hand-written (ADR 97): the map's bubbles and markers come from the search index (ADR 96). ====
-- map_cells and its triggers on events go first: the triggers write into the table.
DROP TRIGGER IF EXISTS events_map_cells_insert ON events;--> statement-breakpoint
DROP TRIGGER IF EXISTS events_map_cells_update ON events;--> statement-breakpoint
DROP TRIGGER IF EXISTS events_map_cells_delete ON events;--> statement-breakpoint
DROP FUNCTION IF EXISTS map_cells_apply();--> statement-breakpoint
-- ==== End of hand-written block ====
DROP TABLE "map_cells" CASCADE;--> statement-breakpoint
DROP INDEX "events_public_earth_gist";
