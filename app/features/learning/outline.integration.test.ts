import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { createProduct, createUser } from "../../../tests/helpers/factories";
import { addLesson, addModule, deleteLesson, getCourseOutline, lessonInput, updateLesson } from "./outline.server";
import { getCoursePlayer } from "./player.server";

describe("course outline editing", () => {
  it("appends modules and lessons in order, storing only the embed form of the video link", async () => {
    const db = await getDb();
    const course = await createProduct({ kind: "course" });
    const m1 = await addModule(db, course.id, { title: "Basics" });
    const m2 = await addModule(db, course.id, { title: "Practice" });
    const l1 = await addLesson(
      db,
      m1!,
      lessonInput.parse({ title: "Intro", videoUrl: "https://youtu.be/dQw4w9WgXcQ" }),
    );
    const l2 = await addLesson(db, m1!, lessonInput.parse({ title: "Terms", videoUrl: "https://vimeo.com/76979871" }));
    await addLesson(db, m2!, lessonInput.parse({ title: "Drill", videoUrl: "youtube.com/watch?v=abcdefghijk" }));

    const outline = await getCourseOutline(db, course.id);
    expect(outline.map((m) => [m.title, m.position])).toEqual([
      ["Basics", 1],
      ["Practice", 2],
    ]);
    expect(outline[0]!.lessons.map((l) => [l.id, l.position, l.videoUrl])).toEqual([
      [l1, 1, "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
      [l2, 2, "https://player.vimeo.com/video/76979871"],
    ]);

    // The student's player follows the outline.
    const user = await createUser();
    await db.insert(schema.enrolments).values({ userId: user.id, productId: course.id, source: "grant" });
    const player = await getCoursePlayer(db, user.id, course.id);
    expect(player!.outline.map((m) => m.lessons.map((l) => l.title))).toEqual([["Intro", "Terms"], ["Drill"]]);

    expect(
      await updateLesson(db, l2!, lessonInput.parse({ title: "Key terms", videoUrl: "https://youtu.be/abcdefghijk" })),
    ).toBe(true);
    expect(await deleteLesson(db, l1!)).toBe(true);
    expect((await getCourseOutline(db, course.id))[0]!.lessons.map((l) => l.title)).toEqual(["Key terms"]);
  });

  it("refuses links that are not YouTube or Vimeo videos, and modules on a non-course", async () => {
    const bad = lessonInput.safeParse({ title: "x", videoUrl: "https://evil.example/video.mp4" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/YouTube or Vimeo/);
    expect(lessonInput.safeParse({ title: " ", videoUrl: "https://youtu.be/dQw4w9WgXcQ" }).success).toBe(false);
    const db = await getDb();
    const note = await createProduct({ kind: "note" });
    expect(await addModule(db, note.id, { title: "Nope" })).toBeNull();
    expect(
      await addLesson(db, 999_999, lessonInput.parse({ title: "x", videoUrl: "https://youtu.be/dQw4w9WgXcQ" })),
    ).toBeNull();
  });
});
