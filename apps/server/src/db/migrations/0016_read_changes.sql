CREATE TABLE "read_changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "read_changes_user_idx" ON "read_changes" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "read_changes_at_idx" ON "read_changes" USING btree ("at");--> statement-breakpoint
-- Every write to a table that a cached read shows notes which users' reads it made outdated, in the same
-- transaction (lib/read-cache.ts). Arguments name where the users are: 'user:<column>' a user id,
-- 'related:<column>' a user and, as their therapist, the clients of their sessions (they show the
-- therapist's name, photo and tier), 'slot:<column>' the people of a session, 'purchase:<column>' the
-- buyer, 'all' everyone (the catalog, codes). `app.quiet_read_changes` = 'on' skips it (the demo seed,
-- before anything is cached).
CREATE FUNCTION note_read_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[] := '{}';
  rows jsonb[] := '{}';
  r jsonb;
  spec text;
  kind text;
  who integer;
BEGIN
  IF current_setting('app.quiet_read_changes', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN rows := rows || to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN rows := rows || to_jsonb(NEW); END IF;
  FOREACH r IN ARRAY rows LOOP
    FOREACH spec IN ARRAY TG_ARGV LOOP
      kind := split_part(spec, ':', 1);
      IF kind = 'all' THEN
        ids := ids || 0;
        CONTINUE;
      END IF;
      who := (r ->> split_part(spec, ':', 2))::integer;
      CONTINUE WHEN who IS NULL;
      IF kind = 'user' THEN
        ids := ids || who;
      ELSIF kind = 'related' THEN
        ids := ids || who || ARRAY(
          SELECT unnest(ARRAY[s.client_id, s.partner_client_id]) FROM slots s WHERE s.therapist_id = who);
      ELSIF kind = 'slot' THEN
        ids := ids || ARRAY(
          SELECT unnest(ARRAY[s.client_id, s.partner_client_id, s.therapist_id]) FROM slots s WHERE s.id = who);
      ELSIF kind = 'purchase' THEN
        ids := ids || ARRAY(SELECT p.user_id FROM pass_purchases p WHERE p.id = who);
      ELSE
        RAISE EXCEPTION 'note_read_change: unknown argument %', spec;
      END IF;
    END LOOP;
  END LOOP;
  INSERT INTO read_changes (user_id) SELECT DISTINCT u FROM unnest(ids) AS u WHERE u IS NOT NULL ORDER BY u;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER read_changes AFTER INSERT OR UPDATE OR DELETE ON agreement_signatures FOR EACH ROW EXECUTE FUNCTION note_read_change('related:therapist_user_id');--> statement-breakpoint
CREATE TRIGGER read_changes AFTER INSERT OR UPDATE OR DELETE ON applied_promocodes FOR EACH ROW EXECUTE FUNCTION note_read_change('user:user_id');--> statement-breakpoint
CREATE TRIGGER read_changes AFTER INSERT OR UPDATE OR DELETE ON availability_exceptions FOR EACH ROW EXECUTE FUNCTION note_read_change('user:therapist_id');--> statement-breakpoint
CREATE TRIGGER read_changes AFTER INSERT OR UPDATE OR DELETE ON availability_rules FOR EACH ROW EXECUTE FUNCTION note_read_change('user:therapist_id');--> statement-breakpoint
CREATE TRIGGER read_changes AFTER INSERT OR UPDATE OR DELETE ON businesses FOR EACH ROW EXECUTE FUNCTION note_read_change('all');--> statement-breakpoint
CREATE TRIGGER read_changes AFTER INSERT OR UPDATE OR DELETE ON client_passes FOR EACH ROW EXECUTE FUNCTION note_read_change('user:user_id');--> statement-breakpoint
CREATE TRIGGER read_changes AFTER INSERT OR UPDATE OR DELETE ON client_profiles FOR EACH ROW EXECUTE FUNCTION note_read_change('user:user_id');--> statement-breakpoint
CREATE TRIGGER read_changes AFTER INSERT OR UPDATE OR DELETE ON consent_records FOR EACH ROW EXECUTE FUNCTION note_read_change('user:user_id');--> statement-breakpoint
CREATE TRIGGER read_changes AFTER INSERT OR UPDATE OR DELETE ON curators FOR EACH ROW EXECUTE FUNCTION note_read_change('all');--> statement-breakpoint
CREATE TRIGGER read_changes AFTER INSERT OR UPDATE OR DELETE ON data_exports FOR EACH ROW EXECUTE FUNCTION note_read_change('user:user_id');--> statement-breakpoint
CREATE TRIGGER read_changes AFTER INSERT OR UPDATE OR DELETE ON employees FOR EACH ROW EXECUTE FUNCTION note_read_change('user:user_id');--> statement-breakpoint
CREATE TRIGGER read_changes AFTER INSERT OR UPDATE OR DELETE ON pass_purchases FOR EACH ROW EXECUTE FUNCTION note_read_change('user:user_id');--> statement-breakpoint
CREATE TRIGGER read_changes AFTER INSERT OR UPDATE OR DELETE ON passes FOR EACH ROW EXECUTE FUNCTION note_read_change('all');--> statement-breakpoint
CREATE TRIGGER read_changes AFTER INSERT OR UPDATE OR DELETE ON payment_cards FOR EACH ROW EXECUTE FUNCTION note_read_change('user:user_id');--> statement-breakpoint
CREATE TRIGGER read_changes AFTER INSERT OR UPDATE OR DELETE ON payment_events FOR EACH ROW EXECUTE FUNCTION note_read_change('purchase:purchase_id');--> statement-breakpoint
CREATE TRIGGER read_changes AFTER INSERT OR UPDATE OR DELETE ON promocodes FOR EACH ROW EXECUTE FUNCTION note_read_change('all');--> statement-breakpoint
CREATE TRIGGER read_changes AFTER INSERT OR UPDATE OR DELETE ON sandbox_checkouts FOR EACH ROW EXECUTE FUNCTION note_read_change('purchase:purchase_id');--> statement-breakpoint
CREATE TRIGGER read_changes AFTER INSERT OR UPDATE OR DELETE ON slots FOR EACH ROW EXECUTE FUNCTION note_read_change('user:client_id', 'user:partner_client_id', 'user:therapist_id');--> statement-breakpoint
CREATE TRIGGER read_changes AFTER INSERT OR UPDATE OR DELETE ON therapist_files FOR EACH ROW EXECUTE FUNCTION note_read_change('related:therapist_user_id');--> statement-breakpoint
CREATE TRIGGER read_changes AFTER INSERT OR UPDATE OR DELETE ON therapist_suggestions FOR EACH ROW EXECUTE FUNCTION note_read_change('user:user_id', 'user:therapist_id');--> statement-breakpoint
CREATE TRIGGER read_changes AFTER INSERT OR UPDATE OR DELETE ON therapists FOR EACH ROW EXECUTE FUNCTION note_read_change('related:user_id');--> statement-breakpoint
CREATE TRIGGER read_changes AFTER INSERT OR UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION note_read_change('related:id');--> statement-breakpoint
CREATE TRIGGER read_changes AFTER INSERT OR UPDATE OR DELETE ON video_participants FOR EACH ROW EXECUTE FUNCTION note_read_change('user:user_id', 'slot:slot_id');--> statement-breakpoint
CREATE TRIGGER read_changes AFTER INSERT OR UPDATE OR DELETE ON video_ratings FOR EACH ROW EXECUTE FUNCTION note_read_change('user:user_id', 'slot:slot_id');
