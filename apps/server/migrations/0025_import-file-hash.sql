ALTER TABLE "imports" ADD COLUMN "file_hash" varchar(64);--> statement-breakpoint
CREATE INDEX "imports_organization_file_hash_idx" ON "imports" USING btree ("organization_id","file_hash");