import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { KeysetPager, Pager } from "./pager";

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));

function render(list: Parameters<typeof KeysetPager>[0]["list"], params?: Record<string, string | number | undefined>) {
  return renderToStaticMarkup(<KeysetPager list={list} path="/admin/users" params={params} />);
}

describe("KeysetPager", () => {
  it("links Next and Previous by the cursors of the page's last and first rows", () => {
    const html = render({ page: 3, hasNext: true, hasPrevious: true, nextCursor: "last", prevCursor: "first" });
    expect(hrefs(html)).toEqual(["/admin/users?page=2&before=first", "/admin/users?page=4&after=last"]);
    expect(html).toContain("Page 3");
  });

  it("goes back to the plain first page, and shows no link where there is no page", () => {
    expect(
      hrefs(render({ page: 2, hasNext: false, hasPrevious: true, nextCursor: null, prevCursor: "first" })),
    ).toEqual(["/admin/users"]);
    expect(hrefs(render({ page: 1, hasNext: false, hasPrevious: false, nextCursor: null, prevCursor: null }))).toEqual(
      [],
    );
  });

  it("keeps the list's search and filters in every link, leaving out the empty ones", () => {
    const params = { q: "ravi", status: "", chapterId: 7, type: undefined };
    const page2 = { page: 2, hasNext: true, hasPrevious: true, nextCursor: "last", prevCursor: "first" };
    expect(hrefs(render(page2, params))).toEqual([
      "/admin/users?q=ravi&chapterId=7",
      "/admin/users?q=ravi&chapterId=7&page=3&after=last",
    ]);
  });
});

function ReviewPages() {
  return (
    <Pager
      label="Review pages"
      previous="/courses/1?reviews=1#reviews"
      next="/courses/1?reviews=3#reviews"
      status="Page 2 of 3"
      previousText="Newer reviews"
      nextText="Older reviews"
    />
  );
}

describe("Pager", () => {
  it("names its nav, says where the page is and leaves out a link where there is no page", () => {
    const html = renderToStaticMarkup(
      <Pager previous="/admin/reviews?page=1" next={null} status="Page 2" reloadDocument />,
    );
    expect(html).toContain('<nav aria-label="Pagination"');
    expect(hrefs(html)).toEqual(["/admin/reviews?page=1"]);
    expect(html).toContain(">← Previous</a>");
    expect(html).toContain("Page 2");
    expect(html).not.toContain("Next →");
  });

  it("in the store, client links with the texts it is given", () => {
    const Stub = createRoutesStub([
      {
        path: "/courses/:id",
        Component: ReviewPages,
      },
    ]);
    const html = renderToStaticMarkup(<Stub initialEntries={["/courses/1"]} />);
    expect(html).toContain('<nav aria-label="Review pages"');
    expect(hrefs(html)).toEqual(["/courses/1?reviews=1#reviews", "/courses/1?reviews=3#reviews"]);
    expect(html).toContain(">Newer reviews</a>");
    expect(html).toContain(">Older reviews</a>");
    expect(html).toContain("Page 2 of 3");
  });
});
