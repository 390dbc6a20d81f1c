CREATE TABLE "video_call_metrics" (
	"id" serial PRIMARY KEY NOT NULL,
	"slot_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"peer_user_id" integer,
	"rtt_ms" real,
	"packet_loss_pct" real,
	"jitter_ms" real,
	"bitrate_in_kbps" real,
	"bitrate_out_kbps" real,
	"frame_width" integer,
	"frame_height" integer,
	"frames_per_second" real,
	"duration_sec" integer,
	"relayed" boolean,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_call_metrics_once" UNIQUE NULLS NOT DISTINCT("slot_id","user_id","peer_user_id")
);
--> statement-breakpoint
CREATE TABLE "video_chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"slot_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"text" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_connection_reports" (
	"slot_id" integer PRIMARY KEY NOT NULL,
	"therapist_id" integer NOT NULL,
	"types" text[] NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"slot_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"source" text NOT NULL,
	"type" text NOT NULL,
	"level" text DEFAULT 'info' NOT NULL,
	"message" text,
	"data" jsonb,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_participants" (
	"slot_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"device_detection_success" boolean,
	"device_checked_at" timestamp with time zone,
	"first_joined_at" timestamp with time zone,
	"last_joined_at" timestamp with time zone,
	CONSTRAINT "video_participants_slot_id_user_id_pk" PRIMARY KEY("slot_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "video_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"slot_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_ratings_range" CHECK ("video_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "partner_client_id" integer;--> statement-breakpoint
ALTER TABLE "video_call_metrics" ADD CONSTRAINT "video_call_metrics_slot_id_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_call_metrics" ADD CONSTRAINT "video_call_metrics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_call_metrics" ADD CONSTRAINT "video_call_metrics_peer_user_id_users_id_fk" FOREIGN KEY ("peer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_chat_messages" ADD CONSTRAINT "video_chat_messages_slot_id_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_chat_messages" ADD CONSTRAINT "video_chat_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_connection_reports" ADD CONSTRAINT "video_connection_reports_slot_id_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_connection_reports" ADD CONSTRAINT "video_connection_reports_therapist_id_users_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_events" ADD CONSTRAINT "video_events_slot_id_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_events" ADD CONSTRAINT "video_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_participants" ADD CONSTRAINT "video_participants_slot_id_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_participants" ADD CONSTRAINT "video_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_ratings" ADD CONSTRAINT "video_ratings_slot_id_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_ratings" ADD CONSTRAINT "video_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_chat_slot_idx" ON "video_chat_messages" USING btree ("slot_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "video_chat_once" ON "video_chat_messages" USING btree ("slot_id","sender_id","client_id");--> statement-breakpoint
CREATE INDEX "video_events_slot_idx" ON "video_events" USING btree ("slot_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "video_ratings_once" ON "video_ratings" USING btree ("slot_id","user_id");--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_partner_client_id_users_id_fk" FOREIGN KEY ("partner_client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slots_partner_idx" ON "slots" USING btree ("partner_client_id","starts_at") WHERE "slots"."partner_client_id" is not null;--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_partner_not_client" CHECK ("slots"."partner_client_id" <> "slots"."client_id");