-- The shared course and test pages also show a course's outline (modules, lessons and their lengths)
-- and a test's facts (its questions and marks): writes to those tables empty every instance's page
-- cache too, as writes to products do (0001).
CREATE TRIGGER course_modules_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "course_modules" FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER lessons_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "lessons" FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER practice_tests_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "practice_tests" FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER practice_test_questions_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "practice_test_questions" FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER practice_questions_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "practice_questions" FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
