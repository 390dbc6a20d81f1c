-- Two live sessions of one therapist can never overlap (buffer included): the database
-- refuses the second insert, whatever the application does concurrently.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_no_overlap" EXCLUDE USING gist (
	"therapist_id" WITH =,
	tstzrange("starts_at", "blocked_until") WITH &&
) WHERE ("status" IN ('held', 'booked', 'completed'));
--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_blocked_after_start" CHECK ("blocked_until" > "starts_at");
