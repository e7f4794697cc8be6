CREATE TABLE "event_search_changes" (
	"txid" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"event_id" uuid NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "event_search_changes_txid_idx" ON "event_search_changes" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "event_search_changes_changed_at_idx" ON "event_search_changes" USING btree ("changed_at");--> statement-breakpoint
-- ==== Hand-written (ADR 96): record what the in-memory search index must re-read. Re-append after renumbering. ====
-- Statement triggers with transition tables (as map_cells'): a bulk insert writes its rows in one
-- statement. An update is recorded only when something the index keeps changed (not, say, the
-- organiser's unread flag). The transaction id comes from the column's default.
CREATE FUNCTION event_search_changes_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO event_search_changes (event_id) SELECT n.id FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO event_search_changes (event_id) SELECT o.id FROM old_rows o;
  ELSE
    INSERT INTO event_search_changes (event_id)
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (o.latitude, o.longitude, o.game_type, o.start_at, o.end_at, o.event_name, o.duration, o.price, o.player_count, o.status, o.is_private)
      IS DISTINCT FROM (n.latitude, n.longitude, n.game_type, n.start_at, n.end_at, n.event_name, n.duration, n.price, n.player_count, n.status, n.is_private);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER events_search_changes_insert AFTER INSERT ON events REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION event_search_changes_record();--> statement-breakpoint
CREATE TRIGGER events_search_changes_update AFTER UPDATE ON events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION event_search_changes_record();--> statement-breakpoint
CREATE TRIGGER events_search_changes_delete AFTER DELETE ON events REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION event_search_changes_record();
-- ==== End of hand-written block ====
