/**
 * Sample lesson lists for the seeded courses: each "what you'll learn" topic is a module of three
 * lessons. A seeded lesson has no embed link: it plays its subject's sample lecture (an uploaded
 * video, features/video/sample-lecture.ts), and its stated length is that lecture's real length.
 */
import { lectureSeconds, sampleLectureFor } from "~/features/video/sample-lecture";
import type { SeedProduct } from "./data";

export interface SeedModule {
  title: string;
  lessons: { title: string; durationSeconds: number }[];
}

const LESSON_TITLES = ["Concepts explained", "Solved examples", "Board questions and practice"] as const;

export function seedCourseOutline(course: SeedProduct): SeedModule[] {
  const seconds = lectureSeconds(sampleLectureFor(course.subject));
  return course.modules.map((topic) => ({
    title: topic,
    lessons: LESSON_TITLES.map((title, l) => ({
      title: l === 0 ? `${topic}: ${title.toLowerCase()}` : title,
      durationSeconds: seconds,
    })),
  }));
}
