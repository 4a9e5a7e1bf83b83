ALTER TABLE "import_changes" ADD COLUMN "exported_version" integer;--> statement-breakpoint
ALTER TABLE "import_changes" ADD COLUMN "is_edited_on_both_sides" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "exported_at" timestamp with time zone;