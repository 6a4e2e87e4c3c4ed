-- Free preview lessons (issue 36): a lesson the owner marks Preview plays for anyone, signed in or not,
-- while its course is published. Changing it is a write to lessons, so the content trigger of 0027
-- empties the page cache of the course page that shows the "Preview" badge.
ALTER TABLE "lessons" ADD COLUMN "is_preview" boolean DEFAULT false NOT NULL;
