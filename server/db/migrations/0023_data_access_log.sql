CREATE TABLE "data_access_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_access_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" text NOT NULL,
	"staff_name" text NOT NULL,
	"staff_number" bigint NOT NULL,
	"staff_kind" text NOT NULL,
	"company_id" text,
	"citizen_id" text,
	"kind" text NOT NULL,
	"record_id" text,
	"purpose" text NOT NULL,
	"request_id" text,
	"request_number" text,
	"reason" text,
	"build" text NOT NULL,
	"address" text
);
--> statement-breakpoint
CREATE TABLE "data_access_reports" (
	"look_id" bigint PRIMARY KEY NOT NULL,
	"citizen_id" text NOT NULL,
	"ticket_id" text,
	"ticket_number" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_access_reports" ADD CONSTRAINT "data_access_reports_look_id_data_access_log_id_fk" FOREIGN KEY ("look_id") REFERENCES "public"."data_access_log"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_access_log_citizen_idx" ON "data_access_log" USING btree ("citizen_id","at");--> statement-breakpoint
CREATE INDEX "data_access_log_staff_idx" ON "data_access_log" USING btree ("staff_id","at");--> statement-breakpoint
CREATE INDEX "data_access_log_at_idx" ON "data_access_log" USING btree ("at");--> statement-breakpoint
-- Append-only (decision 071): no UPDATE, no TRUNCATE, and a DELETE only of rows older than the instant the retention
-- purge names in its transaction (`kahraba.data_access_purge_before`, set with set_config(…, true)), which may not
-- be less than 30 days ago. Whoever holds the app's connection can therefore purge only what retention would.
CREATE OR REPLACE FUNCTION kahraba_data_access_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  purge_before text := current_setting('kahraba.data_access_purge_before', true);
BEGIN
  IF TG_OP = 'DELETE' AND purge_before IS NOT NULL AND purge_before <> ''
     AND purge_before::timestamptz <= now() - interval '30 days'
     AND OLD.at < purge_before::timestamptz THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'DATA_ACCESS_APPEND_ONLY', HINT = 'kahraba_refused';
END
$$;
--> statement-breakpoint
CREATE TRIGGER data_access_log_append_only BEFORE UPDATE OR DELETE ON data_access_log
  FOR EACH ROW EXECUTE FUNCTION kahraba_data_access_append_only();
--> statement-breakpoint
CREATE TRIGGER data_access_log_no_truncate BEFORE TRUNCATE ON data_access_log
  FOR EACH STATEMENT EXECUTE FUNCTION kahraba_data_access_append_only();
