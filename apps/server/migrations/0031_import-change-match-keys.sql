ALTER TABLE "import_changes" ADD COLUMN "match_snils" char(11);--> statement-breakpoint
ALTER TABLE "import_changes" ADD COLUMN "match_birth_date" text;--> statement-breakpoint
ALTER TABLE "import_changes" ADD COLUMN "match_number_key" text;--> statement-breakpoint
ALTER TABLE "import_changes" ADD COLUMN "match_name_key" text;--> statement-breakpoint
-- The rows stored before: their keys as an upload now works them out (insertChanges in imports-store.repository.ts).
UPDATE "import_changes" SET
  "match_snils" = CASE WHEN length(regexp_replace("snils", '\D', '', 'g')) = 11
    THEN regexp_replace("snils", '\D', '', 'g') END,
  "match_birth_date" = "data"::jsonb -> 'PersonalInfo' ->> 'DateOfBirth',
  "match_number_key" = registry_number_key("data"::jsonb -> 'Internship' ->> 'RegistryNumber'),
  "match_name_key" = registry_fold("full_name");
