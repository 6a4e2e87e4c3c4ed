import { describe, expect, it } from "vitest";
import { questionCountLabel } from "./labels";

describe("questionCountLabel", () => {
  it("names the answers only when a case set makes them differ from the questions", () => {
    expect(questionCountLabel({ questionCount: 6, answerCount: 6 })).toBe("6 questions");
    expect(questionCountLabel({ questionCount: 6, answerCount: 8 })).toBe("6 questions (8 answers)");
    expect(questionCountLabel({ questionCount: 1, answerCount: 3 })).toBe("1 question (3 answers)");
    expect(questionCountLabel({ questionCount: 0, answerCount: 0 })).toBe("0 questions");
  });

  it("says 'at least' when a rule may deal a case set", () => {
    expect(questionCountLabel({ questionCount: 10, answerCount: 12, answersVary: true })).toBe(
      "10 questions (at least 12 answers)",
    );
  });
});
