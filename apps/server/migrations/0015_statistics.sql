CREATE TABLE "internship_pauses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "internship_pauses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"entry_id" integer NOT NULL,
	"intern_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"paused_at" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "internship_pauses" ADD CONSTRAINT "internship_pauses_entry_id_intern_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."intern_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_pauses" ADD CONSTRAINT "internship_pauses_intern_id_interns_id_fk" FOREIGN KEY ("intern_id") REFERENCES "public"."interns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_pauses" ADD CONSTRAINT "internship_pauses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "internship_pauses_intern_idx" ON "internship_pauses" USING btree ("intern_id");--> statement-breakpoint
CREATE INDEX "internship_pauses_date_idx" ON "internship_pauses" USING btree ("paused_at","organization_id","intern_id");--> statement-breakpoint
CREATE INDEX "internship_facts_started_idx" ON "internship_facts" USING btree ("started_at","organization_id","intern_id");--> statement-breakpoint
CREATE INDEX "internship_facts_ended_idx" ON "internship_facts" USING btree ("ended_at","status","organization_id","intern_id");