import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ChapterOptions } from "./chapter-options";

describe("ChapterOptions", () => {
  it("groups the chapters by class and subject, in the order given, each option its own title", () => {
    const html = renderToStaticMarkup(
      <select>
        <ChapterOptions
          chapters={[
            { id: 1, title: "Partnership — Fundamentals", subject: "accountancy", classLevel: "12" },
            { id: 2, title: "Money and Banking", subject: "economics", classLevel: "12" },
            { id: 3, title: "Goodwill", subject: "accountancy", classLevel: "12" },
            { id: 4, title: "Theory Base of Accounting", subject: "accountancy", classLevel: "11" },
          ]}
        />
      </select>,
    );
    const groups = [...html.matchAll(/<optgroup label="([^"]*)">(.*?)<\/optgroup>/g)].map((g) => [
      g[1],
      [...(g[2] ?? "").matchAll(/<option value="(\d+)">([^<]*)<\/option>/g)].map((m) => `${m[1]} ${m[2]}`),
    ]);
    expect(groups).toEqual([
      ["Class 12 · Accountancy", ["1 Partnership — Fundamentals", "3 Goodwill"]],
      ["Class 12 · Economics", ["2 Money and Banking"]],
      ["Class 11 · Accountancy", ["4 Theory Base of Accounting"]],
    ]);
  });
});
