-- The letters and letter pairs of a folded name, for finding names by a term of one or two letters: a
-- trigram index can do nothing with «ab» or «щъ», which then scanned every trainee. Spaces are left out: a
-- pair never spans two words of a term.
CREATE FUNCTION registry_grams(value text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT coalesce(array_agg(DISTINCT gram), '{}') FROM (
    SELECT substr(value, i, 1) AS gram FROM generate_series(1, length(value)) AS i
    UNION ALL
    SELECT substr(value, i, 2) FROM generate_series(1, length(value) - 1) AS i
  ) AS grams
  WHERE position(' ' IN gram) = 0
$$;
