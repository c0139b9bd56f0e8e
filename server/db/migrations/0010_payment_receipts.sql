ALTER TABLE "documents" ALTER COLUMN "request_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "payment_id" text;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_payment_uq" ON "documents" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_subject_check" CHECK ("documents"."request_id" is not null or "documents"."payment_id" is not null);