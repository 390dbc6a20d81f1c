ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
-- Append-only, with one narrow exception for erasure (issue 14): the address and browser of the
-- entries an erased account made itself may be set to NULL, nothing else in the row may change,
-- and only once that account is marked erased (which the erasure does first, in the same
-- transaction, and records as its own entry). So no one can rewrite who did what, when, to whom;
-- the most they can do is forget where an erased client acted from, which erasure owes them.
CREATE OR REPLACE FUNCTION "audit_log_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' THEN
		IF NEW.ip IS NULL AND NEW.user_agent IS NULL
			AND ROW(NEW.id, NEW.at, NEW.actor_id, NEW.actor_role, NEW.kind, NEW.action, NEW.subject_id, NEW.details::text)
				IS NOT DISTINCT FROM
				ROW(OLD.id, OLD.at, OLD.actor_id, OLD.actor_role, OLD.kind, OLD.action, OLD.subject_id, OLD.details::text)
			AND EXISTS (SELECT 1 FROM "users" WHERE "users"."id" = OLD.actor_id AND "users"."erased_at" IS NOT NULL)
		THEN
			RETURN NEW;
		END IF;
	END IF;
	RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
