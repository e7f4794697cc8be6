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
-- statement. An update is recorded only when something a search answer shows changed: any column
-- but the organiser's unread flag and the bookkeeping times. A change of an organiser's name or
-- avatar records their listed games (search answers carry the organiser). The transaction id comes
-- from the column's default.
CREATE FUNCTION event_search_changes_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO event_search_changes (event_id) SELECT n.id FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO event_search_changes (event_id) SELECT o.id FROM old_rows o;
  ELSE
    INSERT INTO event_search_changes (event_id)
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE to_jsonb(o) - '{owner_unread_since,updated_at,completed_at}'::text[]
      IS DISTINCT FROM to_jsonb(n) - '{owner_unread_since,updated_at,completed_at}'::text[];
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER events_search_changes_insert AFTER INSERT ON events REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION event_search_changes_record();--> statement-breakpoint
CREATE TRIGGER events_search_changes_update AFTER UPDATE ON events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION event_search_changes_record();--> statement-breakpoint
CREATE TRIGGER events_search_changes_delete AFTER DELETE ON events REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION event_search_changes_record();--> statement-breakpoint
CREATE FUNCTION event_search_changes_organiser() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO event_search_changes (event_id)
  SELECT e.id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN events e ON e.owner_id = n.id
  WHERE (o.nick_name, o.name, o.surname, o.avatar_version) IS DISTINCT FROM (n.nick_name, n.name, n.surname, n.avatar_version)
    AND e.is_private = false AND e.status IN ('upcoming', 'live');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_search_changes_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION event_search_changes_organiser();
-- ==== End of hand-written block ====
