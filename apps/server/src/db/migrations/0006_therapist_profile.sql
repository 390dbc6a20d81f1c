CREATE TYPE "public"."agreement_kind" AS ENUM('agreement', 'contract');--> statement-breakpoint
CREATE TABLE "agreement_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"therapist_user_id" integer NOT NULL,
	"kind" "agreement_kind" NOT NULL,
	"version" integer NOT NULL,
	"text_sha256" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text,
	CONSTRAINT "agreement_signatures_once" UNIQUE("therapist_user_id","kind","version")
);
--> statement-breakpoint
CREATE TABLE "therapist_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"therapist_user_id" integer NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "therapist_files_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "therapists" ADD COLUMN "genom_alert_dismissed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agreement_signatures" ADD CONSTRAINT "agreement_signatures_therapist_user_id_therapists_user_id_fk" FOREIGN KEY ("therapist_user_id") REFERENCES "public"."therapists"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapist_files" ADD CONSTRAINT "therapist_files_therapist_user_id_therapists_user_id_fk" FOREIGN KEY ("therapist_user_id") REFERENCES "public"."therapists"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "therapist_files_therapist_idx" ON "therapist_files" USING btree ("therapist_user_id");