import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TestFactsList } from "./test-facts";

const facts = {
  timeLimitMinutes: 5,
  negativePercent: 0,
  questionCount: 1,
  answerCount: 1,
  answersVary: false,
  totalMarks: 1,
  pattern: null as string | null,
};

function text(f: typeof facts) {
  return renderToStaticMarkup(<TestFactsList facts={f} />)
    .replace(/<[^>]+>/g, "|")
    .replaceAll("&#x27;", "'");
}

describe("a test's facts", () => {
  it("count marks and questions in the singular and plural, and say when wrong answers lose marks", () => {
    expect(text(facts)).toContain("1 question · 1 mark|");
    expect(text(facts)).toContain("No negative marking");
    const paper = { ...facts, questionCount: 6, answerCount: 8, totalMarks: 14, negativePercent: 25 };
    expect(text(paper)).toContain("6 questions (8 answers) · 14 marks|");
    expect(text(paper)).toContain("Negative marking: −25% of a question's marks for a wrong answer");
  });

  it("state the board pattern and its year when the test has one, and nothing when it has none", () => {
    const pattern = "CBSE Class 12 Accountancy board pattern 2025–26: 80 marks, 3 hours, 34 questions";
    expect(text({ ...facts, pattern })).toContain(`|Pattern: ${pattern}|`);
    expect(text(facts)).not.toContain("Pattern");
  });
});
