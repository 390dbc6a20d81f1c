ALTER TABLE "video_connection_reports" ALTER COLUMN "types" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "video_connection_reports" ADD COLUMN "sealed_form" text;