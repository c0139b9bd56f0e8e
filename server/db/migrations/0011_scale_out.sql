CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL,
	"runs" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"name" text NOT NULL,
	"client" text NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "rate_limit_counters_name_client_window_end_pk" PRIMARY KEY("name","client","window_end")
);
