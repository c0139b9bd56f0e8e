CREATE TABLE "user_guides" (
	"id" text PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"url" jsonb NOT NULL,
	"kind" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
