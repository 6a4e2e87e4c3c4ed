import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Pager } from "./ui";

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));

function render(list: Parameters<typeof Pager>[0]["list"]) {
  return renderToStaticMarkup(
    <Pager
      list={list}
      makeHref={(p, cursor) => `/admin/users?${new URLSearchParams({ page: String(p), ...cursor })}`}
    />,
  );
}

describe("Pager", () => {
  it("links Next and Previous by the cursors of the page's last and first rows", () => {
    const html = render({ page: 3, hasNext: true, hasPrevious: true, nextCursor: "last", prevCursor: "first" });
    expect(hrefs(html)).toEqual(["/admin/users?page=2&before=first", "/admin/users?page=4&after=last"]);
    expect(html).toContain("Page 3");
  });

  it("goes back to the plain first page, and shows no link where there is no page", () => {
    expect(
      hrefs(render({ page: 2, hasNext: false, hasPrevious: true, nextCursor: null, prevCursor: "first" })),
    ).toEqual(["/admin/users?page=1"]);
    expect(hrefs(render({ page: 1, hasNext: false, hasPrevious: false, nextCursor: null, prevCursor: null }))).toEqual(
      [],
    );
  });
});
