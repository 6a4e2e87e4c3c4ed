ALTER TABLE "lessons" DROP CONSTRAINT "lessons_video_or_test";--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_link_not_test" CHECK ("lessons"."video_url" is null or "lessons"."test_product_id" is null);
--> statement-breakpoint
-- hand-written:
-- A practice test's questions all belong to its subject and class (issue 32; "scope" in
-- app/features/practice/tests.server.ts): the questions it lists, the chapters its rules deal from and
-- the paper dealt to each attempt, whoever writes them. A test for Class 11 & 12 ('both') takes either
-- class. The app refuses first with a message a person can act on; these triggers are the floor.
-- Before them, what an earlier version let through goes: chosen questions of another subject or class
-- (dealing skips them anyway) and rules naming another subject's or class's chapter.
DELETE FROM practice_test_questions t USING practice_questions q, practice_chapters c, products p
 WHERE q.id = t.question_id AND c.id = q.chapter_id AND p.id = t.product_id
   AND NOT (c.subject = p.subject AND (p.class_level = 'both' OR c.class_level = p.class_level));
--> statement-breakpoint
UPDATE practice_tests t SET rules = coalesce((
    SELECT jsonb_agg(r ORDER BY n) FROM jsonb_array_elements(t.rules) WITH ORDINALITY AS x(r, n)
     WHERE jsonb_typeof(r->'chapterId') IS DISTINCT FROM 'number' OR EXISTS (
       SELECT 1 FROM practice_chapters c JOIN products p ON p.id = t.product_id
        WHERE c.id = (r->>'chapterId')::integer AND c.subject = p.subject
          AND (p.class_level = 'both' OR c.class_level = p.class_level))), '[]'::jsonb)
 WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(t.rules) r WHERE jsonb_typeof(r->'chapterId') = 'number');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION practice_in_test_scope(test_id integer, chapter integer) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM products p JOIN practice_chapters c ON c.id = chapter
     WHERE p.id = test_id AND c.subject = p.subject AND (p.class_level = 'both' OR c.class_level = p.class_level))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION practice_scope_violation(test_id integer, what text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'practice test %: % is not of the test''s subject and class', test_id, what
    USING ERRCODE = 'check_violation', CONSTRAINT = 'practice_test_scope';
END $$;
--> statement-breakpoint
-- The questions a test lists.
CREATE OR REPLACE FUNCTION practice_test_questions_scope_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT practice_in_test_scope(NEW.product_id, (SELECT chapter_id FROM practice_questions WHERE id = NEW.question_id)) THEN
    PERFORM practice_scope_violation(NEW.product_id, format('question %s', NEW.question_id));
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER practice_test_questions_scope BEFORE INSERT OR UPDATE ON practice_test_questions
FOR EACH ROW EXECUTE FUNCTION practice_test_questions_scope_trigger();
--> statement-breakpoint
-- The chapters its rules deal from ("any chapter" is null: the dealing stays within the scope).
CREATE OR REPLACE FUNCTION practice_tests_scope_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE bad integer;
BEGIN
  SELECT (r->>'chapterId')::integer INTO bad FROM jsonb_array_elements(NEW.rules) r
   WHERE jsonb_typeof(r->'chapterId') = 'number' AND NOT practice_in_test_scope(NEW.product_id, (r->>'chapterId')::integer)
   LIMIT 1;
  IF bad IS NOT NULL THEN PERFORM practice_scope_violation(NEW.product_id, format('chapter %s of a rule', bad)); END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER practice_tests_scope BEFORE INSERT OR UPDATE OF rules, product_id ON practice_tests
FOR EACH ROW EXECUTE FUNCTION practice_tests_scope_trigger();
--> statement-breakpoint
-- The paper dealt to an attempt.
CREATE OR REPLACE FUNCTION practice_attempts_scope_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE bad integer;
BEGIN
  SELECT q.id INTO bad FROM jsonb_array_elements_text(NEW.question_ids) x(id)
    JOIN practice_questions q ON q.id = x.id::integer
   WHERE NOT practice_in_test_scope(NEW.product_id, q.chapter_id)
   LIMIT 1;
  IF bad IS NOT NULL THEN PERFORM practice_scope_violation(NEW.product_id, format('question %s', bad)); END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER practice_attempts_scope BEFORE INSERT OR UPDATE OF question_ids, product_id ON practice_attempts
FOR EACH ROW EXECUTE FUNCTION practice_attempts_scope_trigger();
--> statement-breakpoint
-- A question moved to another chapter (a case set's parts follow their set): every test listing it,
-- or its set, must still take it.
CREATE OR REPLACE FUNCTION practice_questions_scope_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE bad integer;
BEGIN
  SELECT t.product_id INTO bad FROM practice_test_questions t
   WHERE t.question_id IN (NEW.id, NEW.parent_id) AND NOT practice_in_test_scope(t.product_id, NEW.chapter_id)
   LIMIT 1;
  IF bad IS NOT NULL THEN PERFORM practice_scope_violation(bad, format('question %s', NEW.id)); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER practice_questions_scope AFTER UPDATE OF chapter_id, parent_id ON practice_questions
FOR EACH ROW WHEN (OLD.chapter_id IS DISTINCT FROM NEW.chapter_id OR OLD.parent_id IS DISTINCT FROM NEW.parent_id)
EXECUTE FUNCTION practice_questions_scope_trigger();
--> statement-breakpoint
-- A chapter given another subject or class, with questions listed in tests.
CREATE OR REPLACE FUNCTION practice_chapters_scope_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE bad integer;
BEGIN
  SELECT t.product_id INTO bad FROM practice_questions q
    JOIN practice_test_questions t ON t.question_id = coalesce(q.parent_id, q.id)
   WHERE q.chapter_id = NEW.id AND NOT practice_in_test_scope(t.product_id, NEW.id)
   LIMIT 1;
  IF bad IS NULL THEN
    SELECT t.product_id INTO bad FROM practice_tests t, jsonb_array_elements(t.rules) r
     WHERE jsonb_typeof(r->'chapterId') = 'number' AND (r->>'chapterId')::integer = NEW.id
       AND NOT practice_in_test_scope(t.product_id, NEW.id)
     LIMIT 1;
  END IF;
  IF bad IS NOT NULL THEN PERFORM practice_scope_violation(bad, format('chapter %s', NEW.id)); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER practice_chapters_scope AFTER UPDATE OF subject, class_level ON practice_chapters
FOR EACH ROW WHEN ((OLD.subject, OLD.class_level) IS DISTINCT FROM (NEW.subject, NEW.class_level))
EXECUTE FUNCTION practice_chapters_scope_trigger();
--> statement-breakpoint
-- A test given another subject or class (or an item made a test) while its questions or rules say otherwise.
CREATE OR REPLACE FUNCTION products_practice_scope_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE bad integer;
BEGIN
  SELECT t.question_id INTO bad FROM practice_test_questions t JOIN practice_questions q ON q.id = t.question_id
   WHERE t.product_id = NEW.id AND NOT practice_in_test_scope(NEW.id, q.chapter_id)
   LIMIT 1;
  IF bad IS NOT NULL THEN PERFORM practice_scope_violation(NEW.id, format('question %s', bad)); END IF;
  SELECT (r->>'chapterId')::integer INTO bad FROM practice_tests t, jsonb_array_elements(t.rules) r
   WHERE t.product_id = NEW.id AND jsonb_typeof(r->'chapterId') = 'number'
     AND NOT practice_in_test_scope(NEW.id, (r->>'chapterId')::integer)
   LIMIT 1;
  IF bad IS NOT NULL THEN PERFORM practice_scope_violation(NEW.id, format('chapter %s of a rule', bad)); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_practice_scope AFTER UPDATE OF subject, class_level ON products
FOR EACH ROW WHEN ((OLD.subject, OLD.class_level) IS DISTINCT FROM (NEW.subject, NEW.class_level))
EXECUTE FUNCTION products_practice_scope_trigger();
