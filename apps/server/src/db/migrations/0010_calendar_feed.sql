ALTER TABLE "therapists" ADD COLUMN "calendar_feed_token" text;--> statement-breakpoint
ALTER TABLE "therapists" ADD CONSTRAINT "therapists_calendar_feed_token_key" UNIQUE("calendar_feed_token");