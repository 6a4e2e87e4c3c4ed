/**
 * Sample students and their reviews (issue 22): every seeded item gets ten reviews whose average is
 * the spec's rating (4.9 = nine 5-star and one 4-star review), so the demo shows the familiar
 * figures and every one of them comes from reviews. Two inserts in all. The sample students have no
 * password (they cannot sign in) and joined in April 2024, out of the dashboard's 12-month charts.
 * They are sample accounts (`is_sample`): they bought nothing, so their reviews say "Sample review"
 * (never "Verified purchase"), no student figure of the admin counts them, and "Remove all sample
 * content" deletes them with their reviews.
 */
import { SAMPLE_REVIEWERS, sampleReviewerId } from "~/features/accounts/sample-accounts";
import { slugify } from "~/lib/slug";
import type { DbOrTx } from "../client.server";
import * as schema from "../schema";
import type { SeedProduct } from "./data";
import { seededProductIds } from "./product-ids";

const FIVE_STAR = [
  ["Cleared every doubt", "The explanations are step by step and match the CBSE pattern exactly."],
  ["Worth it", "I revised the whole syllabus in two weeks with this."],
  ["Best for boards", "Short, clear and to the point. My marks went up in the pre-boards."],
  [null, "Very helpful for last-minute revision."],
  ["Excellent", "Solved questions helped me understand how to write answers for full marks."],
] as const;
const FOUR_STAR = [
  ["Good, a few more examples please", "Clear and well organised; I would like a few more practice questions."],
  [null, "Helpful overall, though some topics go a little fast."],
] as const;

export async function seedSampleReviews(tx: DbOrTx, items: SeedProduct[]) {
  const joined = new Date("2024-04-01T06:30:00Z");
  await tx.insert(schema.users).values(
    SAMPLE_REVIEWERS.map((name, i) => ({
      id: sampleReviewerId(i),
      name,
      email: `${slugify(name)}@students.example.com`,
      emailVerified: true,
      role: "student" as const,
      isSample: true,
      createdAt: joined,
      updatedAt: joined,
    })),
  );
  const idOf = await seededProductIds(
    tx,
    items.map((item) => item.title),
  );
  const day = 24 * 60 * 60 * 1000;
  const base = new Date("2026-01-05T10:00:00Z").getTime();
  const reviewRows = items.flatMap((item, itemIndex) => {
    const productId = idOf(item.title);
    const fives = Math.round((item.rating - 4) * SAMPLE_REVIEWERS.length);
    return SAMPLE_REVIEWERS.map((_, i) => {
      const rating = i < fives ? 5 : 4;
      const [title, body] =
        rating === 5 ? FIVE_STAR[(i + itemIndex) % FIVE_STAR.length]! : FOUR_STAR[i % FOUR_STAR.length]!;
      const at = new Date(base + (i * 7 + itemIndex) * day);
      const reviewerClass = item.classLevel === "both" ? (i % 2 ? "11" : "12") : item.classLevel;
      return {
        productId,
        userId: sampleReviewerId(i),
        rating,
        title,
        body,
        reviewerClass,
        createdAt: at,
        updatedAt: at,
      };
    });
  });
  await tx.insert(schema.reviews).values(reviewRows);
}
