import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ProgressBar } from "./progress-bar";

describe("ProgressBar", () => {
  it("is a labelled progressbar with its range and value, clamped to 0–100", () => {
    const html = renderToStaticMarkup(<ProgressBar value={130} label="Course progress" />);
    expect(html).toContain('role="progressbar"');
    expect(html).toContain('aria-label="Course progress"');
    expect(html).toContain('aria-valuemin="0"');
    expect(html).toContain('aria-valuemax="100"');
    expect(html).toContain('aria-valuenow="100"');
    expect(html).toContain("width:100%");
    expect(renderToStaticMarkup(<ProgressBar value={Number.NaN} label="x" />)).toContain('aria-valuenow="0"');
  });

  it("a score is red under 40, yellow under 70, green otherwise; an upload is one colour", () => {
    const tone = (value: number, kind?: "neutral") =>
      renderToStaticMarkup(<ProgressBar value={value} label="x" tone={kind} />).match(/data-tone="(\w+)"/)?.[1];
    expect([tone(39), tone(40), tone(69), tone(70)]).toEqual(["red", "yellow", "yellow", "green"]);
    expect([tone(10, "neutral"), tone(90, "neutral")]).toEqual(["neutral", "neutral"]);
  });
});
