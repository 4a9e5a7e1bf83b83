-- One SNILS, one trainee; an internship number unique within its SRO (issue #20). The register may already
-- break either rule (entered before the rule was kept by the database): then this migration stops and names
-- every clash, so that an operator merges or corrects those records and starts again, rather than an index
-- failing with a bare "could not create unique index".
CREATE FUNCTION registry_number_key(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT regexp_replace(public.registry_fold(value), '\s+', '', 'g')
$$;
--> statement-breakpoint
DO $$
DECLARE
  snils_clashes text;
  number_clashes text;
BEGIN
  SELECT string_agg(format('СНИЛС %s: стажёры № %s', snils, ids), '; ') INTO snils_clashes
  FROM (
    SELECT snils, string_agg(id::text, ', ' ORDER BY id) AS ids
    FROM interns WHERE NOT is_deleted AND snils IS NOT NULL
    GROUP BY snils HAVING count(*) > 1 ORDER BY snils LIMIT 100
  ) clashes;
  SELECT string_agg(format('СРО «%s», номер %s: стажёры № %s', organization, number, ids), '; ')
    INTO number_clashes
  FROM (
    SELECT min(o.name) AS organization, min(f.registry_number) AS number,
      string_agg(DISTINCT f.intern_id::text, ', ') AS ids
    FROM internship_facts f JOIN interns i ON i.id = f.intern_id AND NOT i.is_deleted
    JOIN organizations o ON o.id = f.organization_id
    WHERE registry_number_key(f.registry_number) <> ''
    GROUP BY f.organization_id, registry_number_key(f.registry_number)
    HAVING count(DISTINCT f.intern_id) > 1
    ORDER BY 1, 2 LIMIT 100
  ) clashes;
  IF snils_clashes IS NOT NULL OR number_clashes IS NOT NULL THEN
    RAISE EXCEPTION 'В реестре есть задвоения, миграция 0020 не применена. Объедините или исправьте эти карточки и запустите сервер снова. %',
      concat_ws(' ', 'Один СНИЛС у нескольких стажёров: ' || snils_clashes || '.',
        'Один номер стажировки в СРО у нескольких стажёров: ' || number_clashes || '.');
  END IF;
END $$;
--> statement-breakpoint
CREATE TABLE "internship_numbers" (
	"organization_id" integer NOT NULL,
	"number_key" text NOT NULL,
	"intern_id" integer NOT NULL,
	CONSTRAINT "internship_numbers_key" PRIMARY KEY("organization_id","number_key")
);
--> statement-breakpoint
ALTER TABLE "internship_numbers" ADD CONSTRAINT "internship_numbers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "internship_numbers" ADD CONSTRAINT "internship_numbers_intern_id_interns_id_fk" FOREIGN KEY ("intern_id") REFERENCES "public"."interns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "internship_numbers" ("organization_id", "number_key", "intern_id")
SELECT DISTINCT f.organization_id, registry_number_key(f.registry_number), f.intern_id
FROM internship_facts f JOIN interns i ON i.id = f.intern_id AND NOT i.is_deleted
WHERE registry_number_key(f.registry_number) <> '';--> statement-breakpoint
CREATE INDEX "internship_numbers_intern_idx" ON "internship_numbers" USING btree ("intern_id");--> statement-breakpoint
CREATE UNIQUE INDEX "interns_snils_key" ON "interns" USING btree ("snils") WHERE not "interns"."is_deleted" and "interns"."snils" is not null;
