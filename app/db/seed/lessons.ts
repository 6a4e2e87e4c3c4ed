/**
 * Sample lesson lists for the seeded courses: each "what you'll learn" topic is a
 * module of three lessons. Video URLs are stored in their embed form; the sample
 * ids are placeholders the owner replaces with the brand's own videos.
 */
import { createHash } from "node:crypto";
import type { SeedProduct } from "./data";

export interface SeedModule {
  title: string;
  lessons: { title: string; videoUrl: string; durationSeconds: number }[];
}

const LESSON_TITLES = ["Concepts explained", "Solved examples", "Board questions and practice"] as const;

function youtubeId(seed: string) {
  return createHash("sha256").update(seed).digest("base64url").slice(0, 11);
}

function vimeoId(seed: string) {
  return String(100_000_000 + (createHash("sha256").update(seed).digest().readUInt32BE(0) % 800_000_000));
}

export function seedCourseOutline(course: SeedProduct): SeedModule[] {
  // Business Studies uses Vimeo, the others YouTube: both players appear in a new install.
  const vimeo = course.subject === "business_studies";
  return course.modules.map((topic, m) => ({
    title: topic,
    lessons: LESSON_TITLES.map((title, l) => {
      const seed = `${course.title}/${m}/${l}`;
      return {
        title: l === 0 ? `${topic}: ${title.toLowerCase()}` : title,
        videoUrl: vimeo
          ? `https://player.vimeo.com/video/${vimeoId(seed)}`
          : `https://www.youtube-nocookie.com/embed/${youtubeId(seed)}`,
        durationSeconds: 600 + ((m * 7 + l * 13) % 20) * 60,
      };
    }),
  }));
}
