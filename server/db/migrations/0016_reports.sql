CREATE TABLE "report_exports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text,
	"user_name" text,
	"report" text NOT NULL,
	"format" text NOT NULL,
	"filters" jsonb NOT NULL,
	"row_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_exports" ADD CONSTRAINT "report_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_exports_created_idx" ON "report_exports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "meter_readings_created_idx" ON "meter_readings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "meters_created_idx" ON "meters" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_callbacks_payment_idx" ON "payment_callbacks" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_callbacks_received_idx" ON "payment_callbacks" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "payments_status_paid_idx" ON "payments" USING btree ("status","paid_at");--> statement-breakpoint
CREATE INDEX "request_ratings_created_idx" ON "request_ratings" USING btree ("created_at");