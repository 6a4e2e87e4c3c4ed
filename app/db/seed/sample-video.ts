/**
 * The lesson_videos rows of the seeded lessons: each plays its subject's sample lecture, which
 * features/video/sample-lecture.ts describes (and sample.server.ts makes at start-up).
 */
import {
  lecturePrefix,
  lectureSeconds,
  SAMPLE_KEY_HEX,
  SAMPLE_RENDITIONS,
  sampleLectureFor,
} from "~/features/video/sample-lecture";

/** The lesson_videos row of a seeded lesson of this subject. */
export function sampleVideoRow(lessonId: number, subject: string) {
  const lecture = sampleLectureFor(subject);
  const prefix = lecturePrefix(lecture);
  return {
    lessonId,
    status: "ready",
    progress: 100,
    hlsPrefix: prefix,
    keyHex: SAMPLE_KEY_HEX,
    renditions: SAMPLE_RENDITIONS,
    durationSeconds: lectureSeconds(lecture),
    posterKey: `${prefix}/poster.jpg`,
    captionsKey: `${prefix}/captions.vtt`,
  };
}
