CREATE TABLE "profile_search_key_counts" (
	"key" text PRIMARY KEY NOT NULL,
	"profiles" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_search_keys" (
	"profile_id" uuid NOT NULL,
	"key" text NOT NULL,
	"is_email" boolean NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "profiles_email_trgm";--> statement-breakpoint
ALTER TABLE "profile_search_keys" ADD CONSTRAINT "profile_search_keys_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_search_keys_name_idx" ON "profile_search_keys" USING btree ("key","first_name","last_name","profile_id") WHERE not "profile_search_keys"."is_email";--> statement-breakpoint
CREATE INDEX "profile_search_keys_created_idx" ON "profile_search_keys" USING btree ("key","created_at","profile_id");--> statement-breakpoint
CREATE INDEX "profile_search_keys_profile_idx" ON "profile_search_keys" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "profiles_email_prefix_idx" ON "profiles" USING btree (("email" collate "C"));--> statement-breakpoint
-- Name search (docs/decisions/0042-name-search.md). Written by hand: drizzle-kit generates
-- neither functions nor triggers. A search and the keys it is compared with go through the same
-- normalisation: lower case, apostrophes dropped, any run of spaces or punctuation one space.
CREATE FUNCTION name_search_text(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT btrim(regexp_replace(regexp_replace(lower(value), '[''’`]', '', 'g'), '[[:space:][:punct:]]+', ' ', 'g')) $$;
--> statement-breakpoint
-- What a search looks up: keys stop at 32 characters, and so does the search.
CREATE FUNCTION name_search_key(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT rtrim(left(name_search_text(value), 32)) $$;
--> statement-breakpoint
-- A profile's keys: every start of the name read from each of its words ('s' to 'sarah johnson',
-- 'j' to 'johnson'), an apostrophe both dropped and read as a space ('obrien' and 'brien' for
-- O'Brien); then, marked is_email, the starts of the address before its '@' read the same way,
-- numbers left out ('sj', 'sj obrien', 'obrien' for sj.obrien.1990@...), that the name does not
-- already give.
CREATE FUNCTION profile_search_keys_of(first_name text, last_name text, email text)
RETURNS TABLE (key text, is_email boolean)
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $$
DECLARE
  full_name text := first_name || ' ' || last_name;
  readings text[] := ARRAY[name_search_text(full_name)];
  address text := btrim(regexp_replace(' ' || name_search_text(split_part(email, '@', 1)) || ' ', '( [0-9]+)+ ', ' ', 'g'));
  keys text[] := '{}';
  name_key_count int;
  words text[];
  tail text;
BEGIN
  IF full_name ~ '[''’`]' THEN
    readings := readings || name_search_text(translate(full_name, '''’`', '   '));
  END IF;
  readings := readings || coalesce(address, '');
  FOR r IN 1 .. cardinality(readings) LOOP
    IF r = cardinality(readings) THEN
      name_key_count := cardinality(keys);
    END IF;
    words := coalesce(string_to_array(readings[r], ' '), '{}');
    FOR i IN 1 .. cardinality(words) LOOP
      tail := array_to_string(words[i:], ' ');
      FOR n IN 1 .. least(length(tail), 32) LOOP
        IF substr(tail, n, 1) <> ' ' AND NOT left(tail, n) = ANY (keys) THEN
          keys := keys || left(tail, n);
        END IF;
      END LOOP;
    END LOOP;
  END LOOP;
  RETURN QUERY SELECT k.key, k.n > name_key_count FROM unnest(keys) WITH ORDINALITY AS k(key, n);
END
$$;
--> statement-breakpoint
-- Keeps a profile's keys and the counts. Counts change in key order, so two players signing up
-- at once wait for each other on a shared key rather than deadlock.
CREATE FUNCTION profile_search_keys_refresh() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  old_keys text[] := '{}';
  new_keys text[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_keys := ARRAY(SELECT k.key FROM profile_search_keys_of(OLD.first_name, OLD.last_name, OLD.email) k);
  END IF;
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM profile_search_keys WHERE profile_id = OLD.id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    WITH keys AS (
      SELECT k.key, k.is_email FROM profile_search_keys_of(NEW.first_name, NEW.last_name, NEW.email) k
    ), inserted AS (
      INSERT INTO profile_search_keys (profile_id, key, is_email, first_name, last_name, created_at)
      SELECT NEW.id, keys.key, keys.is_email, NEW.first_name, NEW.last_name, NEW.created_at FROM keys
    )
    SELECT coalesce(array_agg(keys.key), '{}') INTO new_keys FROM keys;
  END IF;
  INSERT INTO profile_search_key_counts AS c (key, profiles)
  SELECT d.key, sum(d.delta)::int
  FROM (SELECT unnest(new_keys) AS key, 1 AS delta UNION ALL SELECT unnest(old_keys), -1) d
  GROUP BY d.key HAVING sum(d.delta) <> 0
  ORDER BY d.key
  ON CONFLICT (key) DO UPDATE SET profiles = c.profiles + excluded.profiles;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER profile_search_keys_on_insert AFTER INSERT ON profiles
FOR EACH ROW EXECUTE FUNCTION profile_search_keys_refresh();
--> statement-breakpoint
CREATE TRIGGER profile_search_keys_on_update AFTER UPDATE OF first_name, last_name, email, created_at ON profiles
FOR EACH ROW
WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
  OR OLD.email IS DISTINCT FROM NEW.email OR OLD.created_at IS DISTINCT FROM NEW.created_at)
EXECUTE FUNCTION profile_search_keys_refresh();
--> statement-breakpoint
CREATE TRIGGER profile_search_keys_on_delete AFTER DELETE ON profiles
FOR EACH ROW EXECUTE FUNCTION profile_search_keys_refresh();
--> statement-breakpoint
INSERT INTO profile_search_keys (profile_id, key, is_email, first_name, last_name, created_at)
SELECT p.id, k.key, k.is_email, p.first_name, p.last_name, p.created_at
FROM profiles p, profile_search_keys_of(p.first_name, p.last_name, p.email) k;
--> statement-breakpoint
INSERT INTO profile_search_key_counts (key, profiles)
SELECT key, count(*) FROM profile_search_keys GROUP BY key;
--> statement-breakpoint
ANALYZE profile_search_keys;
--> statement-breakpoint
ANALYZE profile_search_key_counts;
