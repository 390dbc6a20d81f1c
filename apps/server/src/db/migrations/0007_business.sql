CREATE TABLE "business_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"view" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"xlsx_key" text,
	"csv_key" text,
	"rows_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "business_reports_view" CHECK ("business_reports"."view" in ('months', 'quarters')),
	CONSTRAINT "business_reports_status" CHECK ("business_reports"."status" in ('pending', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "business_usage_months" (
	"business_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"sessions_booked" integer DEFAULT 0 NOT NULL,
	"sessions_done" integer DEFAULT 0 NOT NULL,
	"sessions_cancelled" integer DEFAULT 0 NOT NULL,
	"spent_minor" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "business_usage_months_employee_id_year_month_pk" PRIMARY KEY("employee_id","year","month"),
	CONSTRAINT "business_usage_months_month" CHECK ("business_usage_months"."month" between 1 and 12)
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "sessions_per_employee_year" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "session_price_minor" integer DEFAULT 350000 NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "usage_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "usage_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_reports" ADD CONSTRAINT "business_reports_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_usage_months" ADD CONSTRAINT "business_usage_months_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_usage_months" ADD CONSTRAINT "business_usage_months_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_reports_business_idx" ON "business_reports" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "business_usage_months_business_idx" ON "business_usage_months" USING btree ("business_id","year","month");--> statement-breakpoint
CREATE INDEX "employees_email_idx" ON "employees" USING btree (lower("email"));