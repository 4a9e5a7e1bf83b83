ALTER TABLE "import_changes" ALTER COLUMN "data" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "import_changes" ALTER COLUMN "raw" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "import_changes" ALTER COLUMN "notices" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "import_changes" ALTER COLUMN "notices" SET DEFAULT '[]'::json;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "headers" json DEFAULT '[]'::json NOT NULL;