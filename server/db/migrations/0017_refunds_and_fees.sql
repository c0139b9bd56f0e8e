DROP INDEX "documents_payment_uq";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_by" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_payment_kind_uq" ON "documents" USING btree ("payment_id","kind");--> statement-breakpoint
CREATE INDEX "payments_reference_number_idx" ON "payments" USING btree ("reference_number") WHERE "payments"."reference_number" is not null;