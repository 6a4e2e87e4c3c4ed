/** The public curriculum of a course page: modules, lesson titles and lengths (never a video link). */

import { type AccessRule, accessLabel, LIFETIME_ACCESS } from "~/lib/access-period";
import { countOf, formatDuration } from "~/lib/numbers";

export interface CurriculumLesson {
  id: number;
  title: string;
  /** Length of the video in seconds, when the admin or the seed recorded it; a test's time limit. */
  durationSeconds: number | null;
  /** A lesson of type test (a timed practice test). */
  test?: boolean;
  /** A free preview lesson (issue 36): anyone may watch it at `previewHref`. */
  preview?: boolean;
}

export interface CurriculumModule {
  id: number;
  title: string;
  lessons: CurriculumLesson[];
}

/**
 * The total length of these lessons in seconds, or null when any lesson's length is unknown
 * (a partial sum would understate the course).
 */
export function totalDuration(lessons: CurriculumLesson[]): number | null {
  let total = 0;
  for (const lesson of lessons) {
    if (lesson.durationSeconds === null) return null;
    total += lesson.durationSeconds;
  }
  return lessons.length > 0 ? total : null;
}

/** "12 lessons · 3 h 20 min"; just "12 lessons" when a lesson's length is unknown. */
export function lessonsSummary(lessons: CurriculumLesson[]): string {
  const total = totalDuration(lessons);
  return total === null
    ? countOf(lessons.length, "lesson")
    : `${countOf(lessons.length, "lesson")} · ${formatDuration(total)}`;
}

/**
 * A course page's "This includes" (issue 32): what the course's lessons really hold, never fixed
 * text. Video lessons and practice tests are counted from the outline; a course promises no
 * downloadable notes, as its lessons carry none (notes are sold as items of their own). The last
 * line is the access: "Full Lifetime Access", "Access till 31 Mar 2027" or "12 months access".
 */
export function courseFeatures(modules: CurriculumModule[], access?: AccessRule): string[] {
  const lessons = modules.flatMap((m) => m.lessons);
  const tests = lessons.filter((l) => l.test).length;
  const videos = lessons.length - tests;
  const features: string[] = [];
  if (videos > 0) features.push(countOf(videos, "Video Lecture"));
  if (tests > 0) features.push(countOf(tests, "Practice Test"));
  // "Full Lifetime Access" (seed spec), or the course's access period (issue 36).
  features.push(access ? accessLabel(access) : LIFETIME_ACCESS);
  return features;
}

/** The page where anyone watches a free preview lesson of a course (routes/store/course-preview.tsx). */
export function previewHref(courseId: number, lessonId: number) {
  return `/courses/${courseId}/preview/${lessonId}`;
}
