ALTER TABLE "import_changes" ADD COLUMN "claimed_by_id" integer;--> statement-breakpoint
ALTER TABLE "import_changes" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "import_changes" ADD CONSTRAINT "import_changes_claimed_by_id_accounts_id_fk" FOREIGN KEY ("claimed_by_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;