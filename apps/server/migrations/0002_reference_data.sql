CREATE TABLE "schools" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "schools_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(500) NOT NULL,
	"search_key" text GENERATED ALWAYS AS (registry_fold("schools"."name")) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dictionary_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dictionary_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(50) NOT NULL,
	"value" varchar(500) NOT NULL,
	"search_key" text GENERATED ALWAYS AS (registry_fold("dictionary_entries"."value")) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "registry_number" varchar(3);--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "search_key" text GENERATED ALWAYS AS (registry_fold("organizations"."name" || ' ' || coalesce("organizations"."former_name", '') || ' ' || coalesce("organizations"."registry_number", ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "search_key" text GENERATED ALWAYS AS (registry_fold("accounts"."full_name" || ' ' || "accounts"."email_address")) STORED NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "schools_name_key" ON "schools" USING btree (registry_name_key("name"));--> statement-breakpoint
CREATE INDEX "schools_search_key_idx" ON "schools" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "dictionary_entries_code_value_key" ON "dictionary_entries" USING btree ("code",registry_name_key("value"));--> statement-breakpoint
CREATE INDEX "dictionary_entries_search_key_idx" ON "dictionary_entries" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_registry_number_key" ON "organizations" USING btree ("registry_number");--> statement-breakpoint
CREATE INDEX "organizations_search_key_idx" ON "organizations" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "accounts_search_key_idx" ON "accounts" USING gin ("search_key" gin_trgm_ops);