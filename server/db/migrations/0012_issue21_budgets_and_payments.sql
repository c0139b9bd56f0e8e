DROP INDEX "meters_number_active_uq";--> statement-breakpoint
CREATE INDEX "attachments_unclaimed_idx" ON "attachments" USING btree ("created_at") WHERE "attachments"."request_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "meters_number_approved_uq" ON "meters" USING btree ("number") WHERE "meters"."status" = 'approved';--> statement-breakpoint
CREATE UNIQUE INDEX "meters_owner_number_uq" ON "meters" USING btree ("owner_id","number") WHERE "meters"."status" in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "meters_number_idx" ON "meters" USING btree ("number");--> statement-breakpoint
CREATE INDEX "payment_callbacks_refused_idx" ON "payment_callbacks" USING btree ("verified","gateway","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_transaction_uq" ON "payments" USING btree ("gateway","gateway_transaction_id") WHERE "payments"."gateway_transaction_id" is not null;