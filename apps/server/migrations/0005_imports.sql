CREATE TABLE "import_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "import_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"import_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"full_name" varchar(400) NOT NULL,
	"snils" varchar(14),
	"data" jsonb NOT NULL,
	"raw" jsonb NOT NULL,
	"notices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rejection_reason" text,
	"intern_id" integer,
	"processed_by_id" integer,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organization_id" integer NOT NULL,
	"imported_by_id" integer NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"import_schools" boolean DEFAULT false NOT NULL,
	"file_id" integer NOT NULL,
	"protocol_file_id" integer,
	"protocol_signature_file_id" integer,
	"letter_file_id" integer,
	"letter_signature_file_id" integer,
	"number" varchar(100),
	"date" date,
	"organization_number" varchar(100),
	"organization_date" date,
	"row_count" integer NOT NULL,
	"pending_count" integer NOT NULL,
	"rejected_count" integer DEFAULT 0 NOT NULL,
	"notices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rejection_reason" text,
	"rejection_file_id" integer,
	"rejected_at" timestamp with time zone,
	"rejected_by_id" integer
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stored_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(255) NOT NULL,
	"size" integer NOT NULL,
	"nominal_extension" varchar(20) NOT NULL,
	"extension" varchar(20) NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_changes" ADD CONSTRAINT "import_changes_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_changes" ADD CONSTRAINT "import_changes_intern_id_interns_id_fk" FOREIGN KEY ("intern_id") REFERENCES "public"."interns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_changes" ADD CONSTRAINT "import_changes_processed_by_id_accounts_id_fk" FOREIGN KEY ("processed_by_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_imported_by_id_accounts_id_fk" FOREIGN KEY ("imported_by_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_protocol_file_id_stored_files_id_fk" FOREIGN KEY ("protocol_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_protocol_signature_file_id_stored_files_id_fk" FOREIGN KEY ("protocol_signature_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_letter_file_id_stored_files_id_fk" FOREIGN KEY ("letter_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_letter_signature_file_id_stored_files_id_fk" FOREIGN KEY ("letter_signature_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_rejection_file_id_stored_files_id_fk" FOREIGN KEY ("rejection_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_rejected_by_id_accounts_id_fk" FOREIGN KEY ("rejected_by_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_changes_import_idx" ON "import_changes" USING btree ("import_id","status","row_number");--> statement-breakpoint
CREATE INDEX "import_changes_pending_snils_idx" ON "import_changes" USING btree ("snils") WHERE "import_changes"."status" = 0;--> statement-breakpoint
CREATE INDEX "imports_status_time_idx" ON "imports" USING btree ("status","imported_at","id");--> statement-breakpoint
CREATE INDEX "imports_time_idx" ON "imports" USING btree ("imported_at","id");--> statement-breakpoint
CREATE INDEX "imports_organization_time_idx" ON "imports" USING btree ("organization_id","imported_at","id");--> statement-breakpoint
ALTER TABLE "change_protocols" ADD CONSTRAINT "change_protocols_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE no action ON UPDATE no action;