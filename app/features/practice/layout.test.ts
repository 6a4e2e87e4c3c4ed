import { describe, expect, it } from "vitest";
import {
  countedQuestions,
  layoutMarkProblems,
  layoutMaxMarks,
  layoutQuestionIds,
  layoutText,
  paperProgress,
  parseLayout,
  placesOf,
} from "./layout";

const TEXT = [
  "## Part A: Attempt all questions.",
  "1, 2 or 3, #4",
  "## Part B, Option I: Analysis of Financial Statements",
  "5, 6",
  "## Part B, Option II: Computerised Accounting",
  "7, Q8 / 9",
].join("\n");

function layout() {
  const parsed = parseLayout(TEXT);
  if (!("layout" in parsed) || !parsed.layout) throw new Error("expected a layout");
  return parsed.layout;
}

describe("a board paper's layout", () => {
  it("reads sections, their instructions, the options of a part and internal choices", () => {
    expect(layout().sections).toEqual([
      { title: "Part A", instructions: "Attempt all questions.", group: null, items: [[1], [2, 3], [4]] },
      {
        title: "Part B, Option I",
        instructions: "Analysis of Financial Statements",
        group: "Part B",
        items: [[5], [6]],
      },
      { title: "Part B, Option II", instructions: "Computerised Accounting", group: "Part B", items: [[7], [8, 9]] },
    ]);
    expect(layoutQuestionIds(layout())).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(parseLayout(layoutText(layout()))).toEqual({ layout: layout() });
    expect(parseLayout("  \n")).toEqual({ layout: null });
  });

  it("refuses what is not a paper, by its line", () => {
    expect(parseLayout("12, 13")).toEqual({
      error: 'Line 1: start with a section line, e.g. "## Part A: Attempt all questions."',
    });
    expect(parseLayout("## Part A\n1, two")).toEqual({
      error: 'Line 2: "two" is not a question number (write 12, or "31 or 32" for a choice).',
    });
    expect(parseLayout("## Part A\n1, 2\n## Part B\n2")).toEqual({
      error: "Line 4: question #2 is in the paper twice.",
    });
    expect(parseLayout("## Part A\n## Part B\n1")).toEqual({ error: 'Section "Part A" has no questions.' });
    expect(parseLayout("## Part A\n1\n## Part B, Option I\n2")).toEqual({
      error: '"Part B" has one option: give it a second ("Part B, Option II") or drop "Option".',
    });
    expect(parseLayout("##  : no title\n1")).toEqual({
      error: 'Line 1: name the section after ##, e.g. "## Part A: Attempt all questions."',
    });
  });

  it("counts the option answered more and the alternative answered first; the first when nothing is", () => {
    const all = layoutQuestionIds(layout());
    expect([...countedQuestions(layout(), all, new Set())].sort()).toEqual([1, 2, 4, 5, 6]);
    // Option II answered more (7 and 9): it counts, with 9 of its choice; 3 of Part A's choice.
    expect([...countedQuestions(layout(), all, new Set([3, 5, 7, 9]))].sort()).toEqual([1, 3, 4, 7, 9]);
    // Both alternatives answered: the first counts. A tie between options: the first option.
    expect([...countedQuestions(layout(), all, new Set([2, 3, 5, 7]))].sort()).toEqual([1, 2, 4, 5, 6]);
    // Questions the rules added after the layout always count; no layout: everything counts.
    expect(countedQuestions(layout(), [...all, 42], new Set()).has(42)).toBe(true);
    expect([...countedQuestions(null, [1, 2], new Set())]).toEqual([1, 2]);
  });

  it("is out of each part once and each choice once; refuses choices of different marks", () => {
    const marks = new Map([
      [1, 1],
      [2, 3],
      [3, 3],
      [4, 4],
      [5, 6],
      [6, 4],
      [7, 4],
      [8, 6],
      [9, 6],
    ]);
    expect(layoutMaxMarks(layout(), (id) => marks.get(id)!)).toBe(1 + 3 + 4 + 6 + 4);
    expect(layoutMarkProblems(layout(), (id) => marks.get(id)!)).toEqual([]);
    marks.set(3, 4);
    marks.set(7, 3);
    expect(layoutMarkProblems(layout(), (id) => marks.get(id)!)).toEqual([
      "the choice #2 or #3 carries different marks",
      "the options of Part B carry different marks (10 and 9)",
    ]);
  });

  it("places a heading before each section's first question and an OR before an alternative (a case set's first part)", () => {
    const questions = [1, 2, 3, 4, 5, 6, 7, 8]
      .map((id): { id: number; parentId: number | null } => ({ id, parentId: null }))
      .concat([
        { id: 91, parentId: 9 },
        { id: 92, parentId: 9 },
      ]);
    const places = placesOf(layout(), questions);
    expect(places.get(1)).toEqual({
      section: { title: "Part A", instructions: "Attempt all questions.", group: null },
      alternative: false,
    });
    expect(places.get(2)).toEqual({ section: null, alternative: false });
    expect(places.get(3)).toEqual({ section: null, alternative: true });
    expect(places.get(5)?.section?.group).toBe("Part B");
    expect(places.get(91)).toEqual({ section: null, alternative: true });
    expect(places.get(92)).toEqual({ section: null, alternative: false });
    expect(placesOf(null, questions).size).toBe(0);
  });
});

describe("a paper's progress as the student sees it", () => {
  // Question 4 is a case set answered by its parts 41 and 42; question 10 is outside the layout.
  const questions = [1, 2, 3, 41, 42, 5, 6, 7, 8, 9, 10].map((id) => ({ id, topId: id === 41 || id === 42 ? 4 : id }));

  it("counts one alternative of a choice and one option of a part, each case part on its own", () => {
    // Nothing answered: Part A (1, 2 or 3, the set's two parts), Option I (5, 6) and question 10.
    expect(paperProgress(layout(), questions, new Set())).toEqual({ answered: 0, total: 7 });
    // Answering the other alternative (3) and Option II (7, 9) changes what counts, not how much.
    const all = new Set([1, 3, 41, 42, 7, 9, 10]);
    expect(paperProgress(layout(), questions, all)).toEqual({ answered: 7, total: 7 });
    // One part of the set left: one unanswered.
    expect(paperProgress(layout(), questions, new Set([1, 2, 41, 5, 6, 10]))).toEqual({ answered: 6, total: 7 });
  });

  it("a plain paper counts every answerable question", () => {
    expect(paperProgress(null, questions, new Set([2, 3, 41]))).toEqual({ answered: 3, total: 11 });
  });
});
