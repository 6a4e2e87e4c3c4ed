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

  it("gives a button its variant's and size's classes, primary and md when none is named", () => {
    expect(buttonVariants({})).toMatch(/ bg-brand-600 text-white hover:bg-brand-700 h-11 px-5 text-sm$/);
    expect(buttonVariants({ variant: null, size: null })).toBe(buttonVariants({}));
    expect(buttonVariants({ variant: "danger", size: "sm" })).toMatch(
      / bg-red-600 text-white hover:bg-red-700 h-9 px-3 text-sm$/,
    );
    expect(buttonVariants({ variant: "ghost", size: "icon" })).toMatch(
      /^inline-flex .* text-slate-700 hover:bg-slate-100 h-11 w-11 text-sm$/,
    );
  });
});
