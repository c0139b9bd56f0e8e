CREATE INDEX "requests_inbox_created_idx" ON "requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "requests_inbox_company_service_idx" ON "requests" USING btree ("company_id","service_slug");--> statement-breakpoint
CREATE INDEX "requests_inbox_status_updated_idx" ON "requests" USING btree ("status_updated_at");--> statement-breakpoint
CREATE INDEX "requests_national_id_idx" ON "requests" USING btree ("national_id");--> statement-breakpoint
CREATE INDEX "requests_applicant_name_idx" ON "requests" USING btree (lower("applicant_name") text_pattern_ops);