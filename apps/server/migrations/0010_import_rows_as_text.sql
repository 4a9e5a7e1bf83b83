-- Row payloads become JSON kept as text (schema/imports.ts, jsonText): the app writes them with
-- JSON.stringify, and the json type only parsed every value again to check it.
ALTER TABLE "import_changes" ALTER COLUMN "data" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "import_changes" ALTER COLUMN "raw" SET DATA TYPE text;--> statement-breakpoint
-- A new type drops the column's compression: lz4 again where PostgreSQL has it (as in 0008).
DO $$
BEGIN
  ALTER TABLE "import_changes" ALTER COLUMN "data" SET COMPRESSION lz4, ALTER COLUMN "raw" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END $$;
