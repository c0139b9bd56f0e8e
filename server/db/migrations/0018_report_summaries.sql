CREATE TABLE "report_payment_days" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"gateway" text NOT NULL,
	"channel" text NOT NULL,
	"service_slug" text NOT NULL,
	"company_id" text,
	"sector_id" text,
	"service_center_id" text,
	"payments" integer NOT NULL,
	"total_piastres" bigint NOT NULL,
	"bills_total_piastres" bigint NOT NULL,
	"service_fee_piastres" bigint NOT NULL,
	"gateway_fee_piastres" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_summaries" (
	"name" text PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_payment_days_idx" ON "report_payment_days" USING btree ("kind","day");--> statement-breakpoint
CREATE INDEX "payments_updated_idx" ON "payments" USING btree ("updated_at");