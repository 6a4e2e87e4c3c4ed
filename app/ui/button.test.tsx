import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button, buttonVariants } from "./button";

describe("Button asChild (our Slot)", () => {
  it("renders the child element with the button's classes joined to the child's, the child's props winning", () => {
    const html = renderToStaticMarkup(
      <Button asChild size="sm" className="w-full" aria-label="ours" title="ours">
        <a href="/courses" className="underline" title="theirs">
          Courses
        </a>
      </Button>,
    );
    expect(html).toMatch(/^<a [^>]*>Courses<\/a>$/);
    expect(html).toContain(` class="${buttonVariants({ size: "sm" })} w-full underline"`);
    expect(html).toContain(' href="/courses"');
    expect(html).toContain(' title="theirs"');
    expect(html).toContain(' aria-label="ours"');
    expect(html).not.toContain("<button");
  });

  it("renders a <button> without asChild", () => {
    expect(renderToStaticMarkup(<Button type="submit">Go</Button>)).toBe(
      `<button data-slot="button" class="${buttonVariants({})}" type="submit">Go</button>`,
    );
  });
});
