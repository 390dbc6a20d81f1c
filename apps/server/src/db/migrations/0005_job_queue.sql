CREATE TABLE "job_keys" (
	"dedupe_key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"job_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP TABLE "jobs" CASCADE;--> statement-breakpoint
DROP TYPE "public"."job_status";