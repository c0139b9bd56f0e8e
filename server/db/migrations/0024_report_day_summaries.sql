CREATE TABLE "report_decision_days" (
	"day" date NOT NULL,
	"service_slug" text NOT NULL,
	"status" text NOT NULL,
	"stage_id" text,
	"company_id" text,
	"sector_id" text,
	"service_center_id" text,
	"channel" text NOT NULL,
	"age" text,
	"tenths" integer NOT NULL,
	"requests" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_rating_days" (
	"day" date NOT NULL,
	"answer" integer NOT NULL,
	"service_slug" text NOT NULL,
	"status" text NOT NULL,
	"company_id" text,
	"sector_id" text,
	"service_center_id" text,
	"channel" text NOT NULL,
	"age" text,
	"ratings" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_reading_days" (
	"day" date NOT NULL,
	"company_id" text,
	"sector_id" text,
	"service_center_id" text,
	"late" boolean NOT NULL,
	"offline" boolean NOT NULL,
	"readings" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_reconciliation_rows" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"gateway" text NOT NULL,
	"channel" text NOT NULL,
	"transaction_id" text,
	"merchant_reference" text,
	"payment_status" text,
	"payment_id" text,
	"portal_amount" bigint,
	"gateway_amount" bigint,
	"company_id" text,
	"sector_id" text,
	"service_center_id" text,
	"row_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_request_days" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"service_slug" text NOT NULL,
	"status" text NOT NULL,
	"stage_id" text,
	"company_id" text,
	"sector_id" text,
	"service_center_id" text,
	"channel" text NOT NULL,
	"age" text,
	"requests" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_decision_days_idx" ON "report_decision_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "report_rating_days_idx" ON "report_rating_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "report_reading_days_idx" ON "report_reading_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "report_reconciliation_rows_idx" ON "report_reconciliation_rows" USING btree ("day");--> statement-breakpoint
CREATE INDEX "report_request_days_idx" ON "report_request_days" USING btree ("kind","day");--> statement-breakpoint
CREATE INDEX "meters_updated_idx" ON "meters" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "payments_refunded_idx" ON "payments" USING btree ("refunded_at") WHERE "payments"."refunded_at" is not null;--> statement-breakpoint
CREATE INDEX "requests_updated_idx" ON "requests" USING btree ("updated_at");--> statement-breakpoint
-- Refunds are dated by refunded_at (decision 075): a refund recorded before the column existed takes its last write.
UPDATE "payments" SET "refunded_at" = "updated_at" WHERE "status" = 'refunded' AND "refunded_at" IS NULL;--> statement-breakpoint
-- The payments' summary dated refunds by updated_at: its next run sums every day again.
DELETE FROM "report_summaries" WHERE "name" = 'payments';
