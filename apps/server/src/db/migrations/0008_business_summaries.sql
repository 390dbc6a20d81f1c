CREATE TABLE "business_usage_periods" (
	"business_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"level" text NOT NULL,
	"number" smallint NOT NULL,
	"people" integer NOT NULL,
	"sessions_booked" integer NOT NULL,
	"sessions_done" integer NOT NULL,
	"sessions_cancelled" integer NOT NULL,
	"spent_minor" bigint NOT NULL,
	CONSTRAINT "business_usage_periods_business_id_year_level_number_pk" PRIMARY KEY("business_id","year","level","number"),
	CONSTRAINT "business_usage_periods_level" CHECK ("business_usage_periods"."level" in ('month', 'quarter', 'year'))
);
--> statement-breakpoint
CREATE TABLE "business_usage_years" (
	"business_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"sessions_done" integer NOT NULL,
	"spent_minor" bigint NOT NULL,
	"months_done" integer[] NOT NULL,
	CONSTRAINT "business_usage_years_employee_id_year_pk" PRIMARY KEY("employee_id","year")
);
--> statement-breakpoint
ALTER TABLE "business_usage_periods" ADD CONSTRAINT "business_usage_periods_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_usage_years" ADD CONSTRAINT "business_usage_years_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_usage_years" ADD CONSTRAINT "business_usage_years_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_usage_years_business_idx" ON "business_usage_years" USING btree ("business_id","year");