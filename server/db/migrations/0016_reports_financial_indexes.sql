CREATE INDEX "payment_callbacks_payment_idx" ON "payment_callbacks" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_callbacks_received_idx" ON "payment_callbacks" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "payments_status_paid_idx" ON "payments" USING btree ("status","paid_at");