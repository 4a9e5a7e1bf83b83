DROP INDEX "change_protocols_created_idx";--> statement-breakpoint
CREATE INDEX "change_protocols_created_idx" ON "change_protocols" USING btree ("created_at","id","document_id");