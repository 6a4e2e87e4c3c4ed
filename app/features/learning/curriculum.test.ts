import { describe, expect, it } from "vitest";
import { type CurriculumLesson, courseFeatures, lessonsSummary, totalDuration } from "./curriculum";

const lesson = (durationSeconds: number | null, id = 1) => ({ id, title: `Lesson ${id}`, durationSeconds });

describe("curriculum summary", () => {
  it('"12 lessons · 3 h 20 min" when every lesson\'s length is known', () => {
    // 12 lessons of 16 min 40 s = 200 min
    const lessons = Array.from({ length: 12 }, (_, i) => lesson(1000, i));
    expect(totalDuration(lessons)).toBe(12_000);
    expect(lessonsSummary(lessons)).toBe("12 lessons · 3 h 20 min");
    expect(lessonsSummary([lesson(600)])).toBe("1 lesson · 10 min");
  });

  it("only the lesson count when any lesson's length is unknown (no understated total)", () => {
    const lessons = [lesson(600, 1), lesson(null, 2), lesson(900, 3)];
    expect(totalDuration(lessons)).toBeNull();
    expect(lessonsSummary(lessons)).toBe("3 lessons");
  });

  it("no lessons: a count of zero and no length", () => {
    expect(totalDuration([])).toBeNull();
    expect(lessonsSummary([])).toBe("0 lessons");
  });
});

describe("a course page's features", () => {
  const module = (id: number, lessons: CurriculumLesson[]) => ({
    id,
    title: `Module ${id}`,
    lessons,
  });

  it("count the video lessons and practice tests the course holds, and promise no notes", () => {
    const modules = [
      module(1, [lesson(600, 1), lesson(600, 2)]),
      module(2, [lesson(600, 3), { ...lesson(1800, 4), test: true }]),
    ];
    expect(courseFeatures(modules)).toEqual(["3 Video Lectures", "1 Practice Test", "Full Lifetime Access"]);
    expect(courseFeatures([module(1, [lesson(60, 1)])])).toEqual(["1 Video Lecture", "Full Lifetime Access"]);
    expect(courseFeatures(modules).join(" ")).not.toMatch(/notes/i);
  });

  it("says the course's access period in place of lifetime access when one is set (issue 36)", () => {
    const one = [module(1, [lesson(60, 1)])];
    expect(courseFeatures(one, { accessUntil: "2027-03-31", accessMonths: null })).toEqual([
      "1 Video Lecture",
      "Access till 31 Mar 2027",
    ]);
    expect(courseFeatures(one, { accessUntil: null, accessMonths: 12 })).toEqual([
      "1 Video Lecture",
      "12 months access",
    ]);
    expect(courseFeatures(one, { accessUntil: null, accessMonths: null })).toEqual([
      "1 Video Lecture",
      "Full Lifetime Access",
    ]);
  });

  it("a course of tests only lists no video lectures", () => {
    expect(courseFeatures([module(1, [{ ...lesson(900, 1), test: true }])])).toEqual([
      "1 Practice Test",
      "Full Lifetime Access",
    ]);
  });
});
