CREATE TABLE "change_protocols" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "change_protocols_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"intern_id" integer NOT NULL,
	"import_id" integer,
	"organization_id" integer,
	"number" varchar(100) NOT NULL,
	"date" date NOT NULL,
	"outgoing_number" varchar(100),
	"outgoing_date" date,
	"is_correction" boolean DEFAULT false NOT NULL,
	"operator_id" integer,
	"modified_sections" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_key" text GENERATED ALWAYS AS (registry_fold("change_protocols"."number")) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intern_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "intern_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"intern_id" integer NOT NULL,
	"section" varchar(40) NOT NULL,
	"position" integer NOT NULL,
	"data" jsonb NOT NULL,
	"is_removed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intern_entry_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "intern_entry_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entry_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"data" jsonb NOT NULL,
	"previous_data" jsonb,
	"protocol_id" integer NOT NULL,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "interns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"version" integer DEFAULT 1 NOT NULL,
	"full_name" varchar(400) DEFAULT '' NOT NULL,
	"search_key" text GENERATED ALWAYS AS (registry_fold("interns"."full_name")) STORED NOT NULL,
	"snils" char(11),
	"status" smallint DEFAULT 0 NOT NULL,
	"organization_count" smallint DEFAULT 0 NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "internship_facts" (
	"entry_id" integer PRIMARY KEY NOT NULL,
	"intern_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"registry_number" varchar(50),
	"started_at" date,
	"ended_at" date,
	"paused_at" date,
	"resumed_at" date
);
--> statement-breakpoint
ALTER TABLE "change_protocols" ADD CONSTRAINT "change_protocols_intern_id_interns_id_fk" FOREIGN KEY ("intern_id") REFERENCES "public"."interns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_protocols" ADD CONSTRAINT "change_protocols_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_protocols" ADD CONSTRAINT "change_protocols_operator_id_accounts_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intern_entries" ADD CONSTRAINT "intern_entries_intern_id_interns_id_fk" FOREIGN KEY ("intern_id") REFERENCES "public"."interns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intern_entry_versions" ADD CONSTRAINT "intern_entry_versions_entry_id_intern_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."intern_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intern_entry_versions" ADD CONSTRAINT "intern_entry_versions_protocol_id_change_protocols_id_fk" FOREIGN KEY ("protocol_id") REFERENCES "public"."change_protocols"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intern_entry_versions" ADD CONSTRAINT "intern_entry_versions_operator_id_accounts_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_facts" ADD CONSTRAINT "internship_facts_entry_id_intern_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."intern_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_facts" ADD CONSTRAINT "internship_facts_intern_id_interns_id_fk" FOREIGN KEY ("intern_id") REFERENCES "public"."interns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_facts" ADD CONSTRAINT "internship_facts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_protocols_intern_idx" ON "change_protocols" USING btree ("intern_id");--> statement-breakpoint
CREATE INDEX "change_protocols_organization_idx" ON "change_protocols" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "change_protocols_search_key_trgm_idx" ON "change_protocols" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "change_protocols_created_idx" ON "change_protocols" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "intern_entries_intern_section_idx" ON "intern_entries" USING btree ("intern_id","section","position");--> statement-breakpoint
CREATE INDEX "intern_entry_versions_entry_idx" ON "intern_entry_versions" USING btree ("entry_id","id");--> statement-breakpoint
CREATE INDEX "interns_search_key_trgm_idx" ON "interns" USING gin ("search_key" gin_trgm_ops) WHERE not "interns"."is_deleted";--> statement-breakpoint
CREATE INDEX "interns_alphabetical_idx" ON "interns" USING btree ("search_key" collate "C","id") WHERE not "interns"."is_deleted";--> statement-breakpoint
CREATE INDEX "interns_status_alphabetical_idx" ON "interns" USING btree ("status","search_key" collate "C","id") WHERE not "interns"."is_deleted";--> statement-breakpoint
CREATE INDEX "interns_snils_idx" ON "interns" USING btree ("snils" collate "C");--> statement-breakpoint
CREATE INDEX "interns_transfer_idx" ON "interns" USING btree ("search_key" collate "C","id") WHERE not "interns"."is_deleted" and "interns"."organization_count" > 1;--> statement-breakpoint
CREATE INDEX "internship_facts_intern_idx" ON "internship_facts" USING btree ("intern_id");--> statement-breakpoint
CREATE INDEX "internship_facts_organization_idx" ON "internship_facts" USING btree ("organization_id","intern_id");--> statement-breakpoint
CREATE INDEX "internship_facts_registry_number_idx" ON "internship_facts" USING btree ("organization_id","registry_number");