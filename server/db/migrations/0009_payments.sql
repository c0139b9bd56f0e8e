CREATE TABLE "payment_callbacks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_callbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"gateway" text NOT NULL,
	"transaction_id" text NOT NULL,
	"kind" text NOT NULL,
	"payment_id" text,
	"payload" jsonb NOT NULL,
	"verified" boolean NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_items" (
	"payment_id" text NOT NULL,
	"bill_id" text NOT NULL,
	"amount_piastres" bigint NOT NULL,
	CONSTRAINT "payment_items_payment_id_bill_id_pk" PRIMARY KEY("payment_id","bill_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"payer_id" text,
	"purpose" text NOT NULL,
	"request_id" text,
	"activity_id" text,
	"service_slug" text,
	"gateway" text NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'started' NOT NULL,
	"bills_total_piastres" bigint DEFAULT 0 NOT NULL,
	"service_fee_piastres" bigint DEFAULT 0 NOT NULL,
	"gateway_fee_piastres" bigint DEFAULT 0 NOT NULL,
	"total_piastres" bigint NOT NULL,
	"merchant_reference" text NOT NULL,
	"gateway_order_id" text,
	"gateway_transaction_id" text,
	"reference_number" text,
	"expires_at" timestamp with time zone,
	"success_path" text,
	"failure_path" text,
	"failure_reason" text,
	"lang" text DEFAULT 'ar' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	CONSTRAINT "payments_total_check" CHECK ("payments"."total_piastres" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_items" ADD CONSTRAINT "payment_items_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_callbacks_uq" ON "payment_callbacks" USING btree ("gateway","transaction_id","kind");--> statement-breakpoint
CREATE INDEX "payment_items_bill_idx" ON "payment_items" USING btree ("bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_merchant_reference_uq" ON "payments" USING btree ("merchant_reference");--> statement-breakpoint
CREATE INDEX "payments_payer_idx" ON "payments" USING btree ("payer_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_request_idx" ON "payments" USING btree ("request_id","status");--> statement-breakpoint
CREATE INDEX "payments_gateway_order_idx" ON "payments" USING btree ("gateway","gateway_order_id");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status","created_at");