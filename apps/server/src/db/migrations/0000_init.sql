CREATE TYPE "public"."job_status" AS ENUM('pending', 'running', 'done', 'failed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."client_pass_status" AS ENUM('pending_purchase', 'active', 'used_up', 'expired', 'cancelled', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."payment_provider" AS ENUM('sandbox', 'stripe', 'cloudpayments');--> statement-breakpoint
CREATE TYPE "public"."purchase_status" AS ENUM('pending', 'completed', 'cancelled', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."promocode_kind" AS ENUM('percent', 'fixed');--> statement-breakpoint
CREATE TYPE "public"."availability_exception_kind" AS ENUM('day_off', 'extra_hours');--> statement-breakpoint
CREATE TYPE "public"."slot_status" AS ENUM('held', 'booked', 'completed', 'cancelled', 'late_cancelled', 'missed', 'rescheduled', 'expired');--> statement-breakpoint
CREATE TYPE "public"."therapy_type" AS ENUM('single', 'couple');--> statement-breakpoint
CREATE TYPE "public"."therapist_tier" AS ENUM('standard', 'senior', 'expert');--> statement-breakpoint
CREATE TYPE "public"."currency" AS ENUM('rub', 'eur');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('client', 'therapist', 'business_account');--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"csrf_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "businesses" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_user_id" integer NOT NULL,
	"name" text NOT NULL,
	"started_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"user_id" integer,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"promocodes_blocked" boolean DEFAULT false NOT NULL,
	"joined_on" date NOT NULL,
	"left_on" date
);
--> statement-breakpoint
CREATE TABLE "client_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"therapy_type" "therapy_type",
	"age" integer,
	"topic_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"step" text DEFAULT 'profile' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "therapist_suggestions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"therapist_id" integer NOT NULL,
	"rank" integer NOT NULL,
	"score" real NOT NULL,
	"reasons" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"status" "job_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "client_passes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"pass_id" integer NOT NULL,
	"status" "client_pass_status" DEFAULT 'pending_purchase' NOT NULL,
	"sessions_total" integer NOT NULL,
	"sessions_left" integer NOT NULL,
	"activated_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_passes_sessions_left" CHECK ("client_passes"."sessions_left" >= 0 and "client_passes"."sessions_left" <= "client_passes"."sessions_total")
);
--> statement-breakpoint
CREATE TABLE "pass_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"pass_id" integer NOT NULL,
	"client_pass_id" integer NOT NULL,
	"status" "purchase_status" DEFAULT 'pending' NOT NULL,
	"currency" "currency" NOT NULL,
	"amount" integer NOT NULL,
	"amount_paid" integer NOT NULL,
	"promocode_id" integer,
	"provider" "payment_provider" NOT NULL,
	"payment_method_key" text NOT NULL,
	"provider_ref" text,
	"idempotency_key" text NOT NULL,
	"slot_id" integer,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "passes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tier" "therapist_tier" NOT NULL,
	"therapy_type" "therapy_type" NOT NULL,
	"sessions_count" integer NOT NULL,
	"price_rub" integer NOT NULL,
	"price_eur" integer NOT NULL,
	"valid_months" integer DEFAULT 6 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"payment_method_key" text NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"provider_token" text,
	"brand" text,
	"card_last" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"event_id" text NOT NULL,
	"kind" text NOT NULL,
	"purchase_id" integer,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applied_promocodes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"promocode_id" integer NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promocodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" "promocode_kind" NOT NULL,
	"percent_off" integer,
	"amount_off" integer,
	"currency" "currency",
	"description" text NOT NULL,
	"starts_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"max_redemptions" integer,
	"redemptions_count" integer DEFAULT 0 NOT NULL,
	"per_user_limit" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "promocodes_percent" CHECK ("promocodes"."percent_off" is null or ("promocodes"."percent_off" between 1 and 100)),
	CONSTRAINT "promocodes_redemptions" CHECK ("promocodes"."max_redemptions" is null or "promocodes"."redemptions_count" <= "promocodes"."max_redemptions")
);
--> statement-breakpoint
CREATE TABLE "availability_exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"therapist_id" integer NOT NULL,
	"on_date" date NOT NULL,
	"kind" "availability_exception_kind" NOT NULL,
	"start_minute" integer,
	"end_minute" integer
);
--> statement-breakpoint
CREATE TABLE "availability_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"therapist_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	CONSTRAINT "availability_rules_weekday" CHECK ("availability_rules"."weekday" between 0 and 6),
	CONSTRAINT "availability_rules_window" CHECK (0 <= "availability_rules"."start_minute" and "availability_rules"."start_minute" < "availability_rules"."end_minute" and "availability_rules"."end_minute" <= 1440)
);
--> statement-breakpoint
CREATE TABLE "slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"therapist_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_min" integer DEFAULT 50 NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"therapy_type" "therapy_type" DEFAULT 'single' NOT NULL,
	"status" "slot_status" DEFAULT 'booked' NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"client_pass_id" integer,
	"rescheduled_from_id" integer,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "curators" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"link" text
);
--> statement-breakpoint
CREATE TABLE "therapists" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"female" boolean NOT NULL,
	"video_profile" text,
	"videoask_link" text,
	"avatar_thumb" text,
	"avatar_large" text,
	"curator_id" integer,
	"must_sign_agreement" boolean DEFAULT false NOT NULL,
	"must_sign_contract" boolean DEFAULT false NOT NULL,
	"education" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"practice_start" date,
	"single" boolean DEFAULT true NOT NULL,
	"couple" boolean DEFAULT false NOT NULL,
	"genom" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tier" "therapist_tier" DEFAULT 'standard' NOT NULL,
	"session_minutes" integer DEFAULT 50 NOT NULL,
	"buffer_minutes" integer DEFAULT 10 NOT NULL,
	"accepting_clients" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" "role" NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"tz" text DEFAULT 'Europe/Moscow' NOT NULL,
	"signed_up" boolean DEFAULT false NOT NULL,
	"currency" "currency" DEFAULT 'rub' NOT NULL,
	"consent_version" text,
	"consent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_account_user_id_users_id_fk" FOREIGN KEY ("account_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_profiles" ADD CONSTRAINT "client_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapist_suggestions" ADD CONSTRAINT "therapist_suggestions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapist_suggestions" ADD CONSTRAINT "therapist_suggestions_therapist_id_users_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_passes" ADD CONSTRAINT "client_passes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_passes" ADD CONSTRAINT "client_passes_pass_id_passes_id_fk" FOREIGN KEY ("pass_id") REFERENCES "public"."passes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_purchases" ADD CONSTRAINT "pass_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_purchases" ADD CONSTRAINT "pass_purchases_pass_id_passes_id_fk" FOREIGN KEY ("pass_id") REFERENCES "public"."passes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_purchases" ADD CONSTRAINT "pass_purchases_client_pass_id_client_passes_id_fk" FOREIGN KEY ("client_pass_id") REFERENCES "public"."client_passes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD CONSTRAINT "payment_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applied_promocodes" ADD CONSTRAINT "applied_promocodes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applied_promocodes" ADD CONSTRAINT "applied_promocodes_promocode_id_promocodes_id_fk" FOREIGN KEY ("promocode_id") REFERENCES "public"."promocodes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_exceptions" ADD CONSTRAINT "availability_exceptions_therapist_id_users_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability_rules" ADD CONSTRAINT "availability_rules_therapist_id_users_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_therapist_id_users_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapists" ADD CONSTRAINT "therapists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapists" ADD CONSTRAINT "therapists_curator_id_curators_id_fk" FOREIGN KEY ("curator_id") REFERENCES "public"."curators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "businesses_account_idx" ON "businesses" USING btree ("account_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_business_email_unique" ON "employees" USING btree ("business_id",lower("email"));--> statement-breakpoint
CREATE INDEX "employees_user_idx" ON "employees" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "therapist_suggestions_user_therapist" ON "therapist_suggestions" USING btree ("user_id","therapist_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe_key" ON "jobs" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" in ('pending', 'running');--> statement-breakpoint
CREATE INDEX "client_passes_user_idx" ON "client_passes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pass_purchases_idempotency" ON "pass_purchases" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "pass_purchases_provider_ref" ON "pass_purchases" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "pass_purchases_pending_idx" ON "pass_purchases" USING btree ("created_at") WHERE "pass_purchases"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_cards_one_live" ON "payment_cards" USING btree ("user_id") WHERE "payment_cards"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_event" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promocodes_code_unique" ON "promocodes" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "availability_exceptions_therapist_idx" ON "availability_exceptions" USING btree ("therapist_id","on_date");--> statement-breakpoint
CREATE INDEX "availability_rules_therapist_idx" ON "availability_rules" USING btree ("therapist_id");--> statement-breakpoint
CREATE INDEX "slots_client_idx" ON "slots" USING btree ("client_id","starts_at");--> statement-breakpoint
CREATE INDEX "slots_therapist_idx" ON "slots" USING btree ("therapist_id","starts_at");--> statement-breakpoint
CREATE INDEX "slots_held_idx" ON "slots" USING btree ("hold_expires_at") WHERE "slots"."status" = 'held';--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");