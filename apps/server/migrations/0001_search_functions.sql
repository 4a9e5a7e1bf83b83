-- Name search uses trigram indexes, so that "%инженер%" does not scan a whole table.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Folds text for search: lower case and ё read as е. Cyrillic is mapped explicitly rather than through
-- lower(), which ignores non-ASCII letters in a database created with the plain C locale. Mirrors
-- normalizeForSearch in packages/shared (a server test keeps the two in step).
CREATE FUNCTION registry_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT lower(translate(value,
    'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯё',
    'абвгдеежзийклмнопрстуфхцчшщъыьэюяе'))
$$;
--> statement-breakpoint
-- The key under which two names are "the same": folded, without quotes of any kind, spacing collapsed.
-- «Политех», "ПОЛИТЕХ" and Политех  are one school.
CREATE FUNCTION registry_name_key(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT btrim(regexp_replace(
    regexp_replace(public.registry_fold(value), '[«»"“”„''‘’`]', '', 'g'),
    '\s+', ' ', 'g'))
$$;
