ALTER TABLE "services" ALTER COLUMN "data" SET DATA TYPE json USING "data"::json;--> statement-breakpoint
ALTER TABLE "user_types" ALTER COLUMN "data" SET DATA TYPE json USING "data"::json;