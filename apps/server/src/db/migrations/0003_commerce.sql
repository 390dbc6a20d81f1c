CREATE TYPE "public"."sandbox_checkout_status" AS ENUM('open', 'requires_confirmation', 'succeeded', 'cancelled', 'expired');--> statement-breakpoint
CREATE TABLE "sandbox_checkouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"purchase_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"currency" "currency" NOT NULL,
	"description" text NOT NULL,
	"return_url" text NOT NULL,
	"status" "sandbox_checkout_status" DEFAULT 'open' NOT NULL,
	"card_last" text,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pass_purchases" ADD COLUMN "checkout_url" text;--> statement-breakpoint
ALTER TABLE "pass_purchases" ADD COLUMN "provider_payment_id" text;--> statement-breakpoint
ALTER TABLE "pass_purchases" ADD COLUMN "slot_booking_error" text;--> statement-breakpoint
ALTER TABLE "pass_purchases" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD CONSTRAINT "sandbox_checkouts_purchase_id_pass_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."pass_purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_checkouts_token" ON "sandbox_checkouts" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_checkouts_purchase" ON "sandbox_checkouts" USING btree ("purchase_id");