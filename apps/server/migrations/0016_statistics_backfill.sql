-- Every pause of the current internships, which until now only their entries' JSON held.
INSERT INTO internship_pauses (entry_id, intern_id, organization_id, paused_at)
SELECT e.id, e.intern_id, (e.data -> 'Organization' ->> 'Id')::integer, (p ->> 'PausedAt')::date
FROM intern_entries e, jsonb_array_elements(coalesce(e.data -> 'PauseInfo', '[]'::jsonb)) AS p
WHERE e.section = 'Internships' AND NOT e.is_removed AND p ->> 'PausedAt' IS NOT NULL
  AND e.data -> 'Organization' ->> 'Id' IS NOT NULL;
--> statement-breakpoint
-- When each processed import had its last row handled.
UPDATE imports SET handled_at = (SELECT max(processed_at) FROM import_changes WHERE import_id = imports.id)
WHERE status = 2;
