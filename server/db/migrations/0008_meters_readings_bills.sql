CREATE TABLE "bills" (
	"id" text PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"meter_id" text NOT NULL,
	"period" text NOT NULL,
	"reading_id" text,
	"consumption" bigint NOT NULL,
	"amount_piastres" bigint NOT NULL,
	"breakdown" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tariff_id" text,
	"issued_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"paid_at" timestamp with time zone,
	"payment_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meter_readings" (
	"id" text PRIMARY KEY NOT NULL,
	"meter_id" text NOT NULL,
	"period" text NOT NULL,
	"value" bigint NOT NULL,
	"consumption" bigint NOT NULL,
	"rolled_over" boolean DEFAULT false NOT NULL,
	"flags" text[] DEFAULT '{}'::text[] NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"photo_attachment_id" text,
	"source" text NOT NULL,
	"submitted_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meters" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"name" text,
	"number" text NOT NULL,
	"type" text NOT NULL,
	"maker" text,
	"owner_name" text NOT NULL,
	"owner_first_name" text,
	"owner_national_id" text NOT NULL,
	"address" text NOT NULL,
	"area" text,
	"governorate_id" text,
	"company_id" text,
	"service_center_id" text,
	"sector_id" text,
	"connection_type" text NOT NULL,
	"contract_type" text,
	"subscriber_code" text,
	"chassis_number" text,
	"activity_description" text,
	"place_description" text,
	"applicant_description" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"removal_reason" text,
	"decided_by_id" text,
	"decided_at" timestamp with time zone,
	"initial_reading" bigint DEFAULT 0 NOT NULL,
	"digits" integer DEFAULT 6 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariffs" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_type" text NOT NULL,
	"valid_from" text NOT NULL,
	"tiers" jsonb NOT NULL,
	"fixed_charges" jsonb NOT NULL,
	"flat_above_kwh" integer,
	"name" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_meter_id_meters_id_fk" FOREIGN KEY ("meter_id") REFERENCES "public"."meters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "meter_readings_meter_id_meters_id_fk" FOREIGN KEY ("meter_id") REFERENCES "public"."meters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bills_number_uq" ON "bills" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_meter_period_uq" ON "bills" USING btree ("meter_id","period");--> statement-breakpoint
CREATE INDEX "bills_meter_status_idx" ON "bills" USING btree ("meter_id","status","period");--> statement-breakpoint
CREATE UNIQUE INDEX "meter_readings_period_uq" ON "meter_readings" USING btree ("meter_id","period");--> statement-breakpoint
CREATE INDEX "meter_readings_meter_idx" ON "meter_readings" USING btree ("meter_id","read_at");--> statement-breakpoint
CREATE UNIQUE INDEX "meters_number_active_uq" ON "meters" USING btree ("number") WHERE "meters"."status" in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "meters_owner_idx" ON "meters" USING btree ("owner_id","status");--> statement-breakpoint
CREATE INDEX "meters_status_idx" ON "meters" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tariffs_type_from_uq" ON "tariffs" USING btree ("connection_type","valid_from");