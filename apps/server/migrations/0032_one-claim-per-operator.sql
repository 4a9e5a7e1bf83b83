-- Claims taken before: an operator's concurrent 'next' requests could leave several rows of one import theirs.
-- Each keeps the claim that lasts longest (the newest); the others are let go.
UPDATE "import_changes" SET "claimed_by_id" = NULL, "claimed_until" = NULL
WHERE "claimed_by_id" IS NOT NULL AND "id" <> (
  SELECT "kept"."id" FROM "import_changes" "kept"
  WHERE "kept"."import_id" = "import_changes"."import_id" AND "kept"."claimed_by_id" = "import_changes"."claimed_by_id"
  ORDER BY "kept"."claimed_until" DESC NULLS LAST, "kept"."id" DESC
  LIMIT 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "import_changes_one_claim_idx" ON "import_changes" USING btree ("import_id","claimed_by_id") WHERE "import_changes"."claimed_by_id" is not null;
