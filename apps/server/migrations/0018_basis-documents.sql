CREATE TABLE "basis_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "basis_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"number" varchar(100) NOT NULL,
	"date" date NOT NULL,
	"outgoing_number" varchar(100),
	"outgoing_date" date,
	"import_id" integer,
	"organization_id" integer,
	"search_key" text GENERATED ALWAYS AS (registry_fold("basis_documents"."number")) STORED NOT NULL,
	"intern_count" integer DEFAULT 0 NOT NULL,
	"last_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "basis_documents_key" UNIQUE NULLS NOT DISTINCT("number","date","outgoing_number","outgoing_date","import_id","organization_id")
);
--> statement-breakpoint
ALTER TABLE "change_protocols" ADD COLUMN "document_id" integer;--> statement-breakpoint
ALTER TABLE "basis_documents" ADD CONSTRAINT "basis_documents_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "basis_documents" ADD CONSTRAINT "basis_documents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "basis_documents_date_idx" ON "basis_documents" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "basis_documents_organization_idx" ON "basis_documents" USING btree ("organization_id","date","id");--> statement-breakpoint
CREATE INDEX "basis_documents_search_key_trgm_idx" ON "basis_documents" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "change_protocols" ADD CONSTRAINT "change_protocols_document_id_basis_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."basis_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_protocols_document_idx" ON "change_protocols" USING btree ("document_id","intern_id");--> statement-breakpoint
CREATE INDEX "intern_entry_versions_protocol_idx" ON "intern_entry_versions" USING btree ("protocol_id");--> statement-breakpoint
-- The documents of the protocols written so far: one per requisites, SRO and import.
INSERT INTO basis_documents (number, date, outgoing_number, outgoing_date, import_id, organization_id, intern_count, last_changed_at)
SELECT number, date, outgoing_number, outgoing_date, import_id, organization_id, count(DISTINCT intern_id), max(created_at)
FROM change_protocols
GROUP BY number, date, outgoing_number, outgoing_date, import_id, organization_id;
--> statement-breakpoint
UPDATE change_protocols p SET document_id = d.id
FROM basis_documents d
WHERE d.number = p.number AND d.date = p.date
  AND d.outgoing_number IS NOT DISTINCT FROM p.outgoing_number AND d.outgoing_date IS NOT DISTINCT FROM p.outgoing_date
  AND d.import_id IS NOT DISTINCT FROM p.import_id AND d.organization_id IS NOT DISTINCT FROM p.organization_id;
