CREATE TABLE "installation_companies" (
	"id" text PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"company_id" text,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_comments" ADD COLUMN "internal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "assigned_company_id" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "company_id" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "sector_id" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "service_center_id" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "citizen_comment_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "filed_by_id" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "search_values" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "requests_inbox_company_idx" ON "requests" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "requests_inbox_service_status_idx" ON "requests" USING btree ("service_slug","status","created_at");--> statement-breakpoint
CREATE INDEX "requests_inbox_assignee_idx" ON "requests" USING btree ("assignee","created_at");--> statement-breakpoint
CREATE INDEX "requests_inbox_escalated_idx" ON "requests" USING btree ("created_at") WHERE "requests"."escalated";--> statement-breakpoint
CREATE INDEX "requests_inbox_citizen_comment_idx" ON "requests" USING btree ("citizen_comment_at") WHERE "requests"."citizen_comment_at" is not null;--> statement-breakpoint
CREATE INDEX "requests_search_values_idx" ON "requests" USING gin ("search_values");