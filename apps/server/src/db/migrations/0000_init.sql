CREATE TYPE "public"."slot_status" AS ENUM('booked', 'completed', 'cancelled', 'missed');--> statement-breakpoint
CREATE TYPE "public"."therapy_type" AS ENUM('single', 'couple');--> statement-breakpoint
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
CREATE TABLE "slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"therapist_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_min" integer DEFAULT 50 NOT NULL,
	"therapy_type" "therapy_type" DEFAULT 'single' NOT NULL,
	"status" "slot_status" DEFAULT 'booked' NOT NULL,
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
	"genom" jsonb DEFAULT '{}'::jsonb NOT NULL
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
ALTER TABLE "slots" ADD CONSTRAINT "slots_therapist_id_users_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapists" ADD CONSTRAINT "therapists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapists" ADD CONSTRAINT "therapists_curator_id_curators_id_fk" FOREIGN KEY ("curator_id") REFERENCES "public"."curators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "businesses_account_idx" ON "businesses" USING btree ("account_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_business_email_unique" ON "employees" USING btree ("business_id",lower("email"));--> statement-breakpoint
CREATE INDEX "employees_user_idx" ON "employees" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "slots_therapist_start_live" ON "slots" USING btree ("therapist_id","starts_at") WHERE "slots"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "slots_client_idx" ON "slots" USING btree ("client_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");