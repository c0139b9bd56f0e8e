CREATE TABLE "catalog_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"service_id" text NOT NULL,
	"version" integer NOT NULL,
	"kind" text NOT NULL,
	"fields" text[] NOT NULL,
	"actor_id" text NOT NULL,
	"actor_name" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_versions" (
	"service_id" text NOT NULL,
	"version" integer NOT NULL,
	"data" json NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_versions_service_id_version_pk" PRIMARY KEY("service_id","version")
);
--> statement-breakpoint
ALTER TABLE "catalog_changes" ADD CONSTRAINT "catalog_changes_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_versions" ADD CONSTRAINT "service_versions_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_changes_service_idx" ON "catalog_changes" USING btree ("service_id","at");