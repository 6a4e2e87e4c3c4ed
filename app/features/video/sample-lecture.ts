/**
 * The sample lectures the seeded lessons play (issue 21, made honest in issue 32): one short
 * narrated lecture per subject of the seeded courses, a few slides (a real chapter of the subject
 * and its points) with a spoken voice (espeak-ng) and WebVTT captions, transcoded into the full HLS
 * ladder and encrypted. Every slide lasts a fixed number of seconds, so a lecture's length is known
 * here, without ffmpeg: the seed (db/seed/sample-video.ts) writes the lessons' real durations and
 * their lesson_videos rows from this description; the files are made by `ensureSampleVideo`
 * (sample.server.ts) at start-up, from a cache.
 */
import { createHash } from "node:crypto";

export interface SampleSlide {
  /** The point this slide adds under the chapter title (none on the title slide). */
  point?: string;
  /** What the voice says (and the captions show), sentence by sentence. */
  narration: string[];
  /** How long the slide stays on screen; the narration must fit (a test holds it). */
  seconds: number;
}

export interface SampleLecture {
  /** Storage folder name under the sample prefix. */
  slug: string;
  subject: "accountancy" | "economics" | "business_studies";
  /** "Accountancy · Class 12" */
  course: string;
  chapter: string;
  slides: SampleSlide[];
}

export const SAMPLE_VIDEO = {
  width: 1280,
  height: 720,
  /** Static slides: a low frame rate keeps the encode cheap. */
  fps: 5,
  /** Bump to regenerate the samples (a new prefix in storage). */
  version: 2,
} as const;

export const SAMPLE_LECTURES: SampleLecture[] = [
  {
    slug: "accountancy",
    subject: "accountancy",
    course: "Accountancy · Class 12",
    chapter: "Accounting for Partnership Firms: Fundamentals",
    slides: [
      {
        narration: [
          "Welcome to Commerce Academy.",
          "This sample lecture covers the fundamentals of accounting for partnership firms.",
        ],
        seconds: 9,
      },
      {
        point: "A partnership deed records the agreed terms",
        narration: [
          "A partnership deed is the written agreement between the partners.",
          "It states the capital, the profit sharing ratio, interest, salaries and drawings.",
        ],
        seconds: 12,
      },
      {
        point: "Without a deed, the Partnership Act 1932 applies",
        narration: [
          "Where there is no deed, the Indian Partnership Act of 1932 applies.",
          "Profits are shared equally, and no interest on capital or salary is allowed.",
        ],
        seconds: 13,
      },
      {
        point: "Capital accounts are fixed or fluctuating",
        narration: [
          "Partners' capital accounts are kept by the fixed or the fluctuating capital method.",
          "Under the fixed method, current accounts carry the other adjustments.",
        ],
        seconds: 12,
      },
      {
        point: "The Profit and Loss Appropriation Account",
        narration: [
          "Finally, the profit and loss appropriation account shows how the net profit is divided among the partners.",
        ],
        seconds: 9,
      },
    ],
  },
  {
    slug: "economics",
    subject: "economics",
    course: "Economics · Class 12",
    chapter: "National Income and Related Aggregates",
    slides: [
      {
        narration: [
          "Welcome to Commerce Academy.",
          "This sample lecture introduces national income and its related aggregates.",
        ],
        seconds: 9,
      },
      {
        point: "Income flows in a circle",
        narration: [
          "Households supply factors of production to firms.",
          "Firms pay them rent, wages, interest and profit, which flow back as spending.",
        ],
        seconds: 11,
      },
      {
        point: "GDP at market price and national income",
        narration: [
          "Gross domestic product at market price is the value of final goods and services produced within the country.",
          "National income is net national product at factor cost.",
        ],
        seconds: 13,
      },
      {
        point: "Three methods: value added, income, expenditure",
        narration: [
          "National income can be measured by the value added method, the income method, or the expenditure method.",
        ],
        seconds: 8,
      },
      {
        point: "Real GDP is not the same as welfare",
        narration: [
          "Remember that a rise in real GDP does not always mean greater welfare.",
          "Distribution of income and externalities matter too.",
        ],
        seconds: 10,
      },
    ],
  },
  {
    slug: "business-studies",
    subject: "business_studies",
    course: "Business Studies · Class 12",
    chapter: "Principles of Management",
    slides: [
      {
        narration: ["Welcome to Commerce Academy.", "This sample lecture covers the principles of management."],
        seconds: 8,
      },
      {
        point: "Principles are general guidelines",
        narration: [
          "Principles of management are general guidelines for decisions and actions.",
          "They are flexible and are applied with judgement.",
        ],
        seconds: 10,
      },
      {
        point: "Fayol's fourteen principles",
        narration: [
          "Henri Fayol gave fourteen principles, such as division of work, unity of command and scalar chain.",
        ],
        seconds: 9,
      },
      {
        point: "Taylor's scientific management",
        narration: [
          "Frederick Taylor proposed scientific management.",
          "Science, not rule of thumb, and harmony, not discord.",
        ],
        seconds: 10,
      },
      {
        point: "Functional foremanship and method study",
        narration: [
          "His techniques include functional foremanship, standardisation, and time, motion and method study.",
        ],
        seconds: 9,
      },
    ],
  },
];

/** Everything under this prefix in storage is sample content (its lesson_videos rows too). */
export const SAMPLE_PREFIX_ROOT = "videos/sample-";
export const SAMPLE_PREFIX = `${SAMPLE_PREFIX_ROOT}v${SAMPLE_VIDEO.version}`;

/** A lesson video whose renditions are the seeded sample lecture, not the owner's own upload. */
export function isSampleVideoPrefix(prefix: string | null | undefined): boolean {
  return typeof prefix === "string" && prefix.startsWith(SAMPLE_PREFIX_ROOT);
}

/** The sample is demo content: its key is fixed (a real upload always gets a random key of its own). */
export const SAMPLE_KEY_HEX = createHash("sha256")
  .update(`commerce-academy sample lecture key v${SAMPLE_VIDEO.version}`)
  .digest("hex")
  .slice(0, 32);

/** The renditions of a 1280×720 source (features/video/transcode.server.ts `ladderFor`; a test keeps them equal). */
export const SAMPLE_RENDITIONS = [
  { name: "240p", width: 426, height: 240, bandwidth: 400_400 },
  { name: "360p", width: 640, height: 360, bandwidth: 875_600 },
  { name: "720p", width: 1280, height: 720, bandwidth: 2_560_800 },
];

/** A lecture's length in whole seconds (the sum of its slides: the generator makes exactly this). */
export function lectureSeconds(lecture: SampleLecture): number {
  return lecture.slides.reduce((sum, s) => sum + s.seconds, 0);
}

/** The sample lecture of a subject (a subject without one of its own plays the first). */
export function sampleLectureFor(subject: string): SampleLecture {
  return SAMPLE_LECTURES.find((l) => l.subject === subject) ?? SAMPLE_LECTURES[0]!;
}

export function lecturePrefix(lecture: SampleLecture): string {
  return `${SAMPLE_PREFIX}/${lecture.slug}`;
}
