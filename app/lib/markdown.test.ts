/** The safe Markdown of practice questions: what a teacher may write, and what can never reach a page. */
import { describe, expect, it } from "vitest";
import { renderMarkdown, renderMarkdownInline } from "./markdown";

const IMAGE = "/media/images/0b0c1a2e-1111-4222-8333-444455556666.png";

describe("renderMarkdown", () => {
  it("renders the board paper's formats: line breaks, bold, lists, and tables with right-aligned amounts", () => {
    expect(renderMarkdown("Assertion (A): X\nReason (R): Y")).toBe("<p>Assertion (A): X<br>\nReason (R): Y</p>");
    expect(renderMarkdown("- **Dr** side\n- *Cr* side")).toBe(
      "<ul>\n<li><strong>Dr</strong> side</li>\n<li><em>Cr</em> side</li>\n</ul>",
    );
    const table = renderMarkdown("| Particulars | Amount (₹) |\n|---|--:|\n| Cash | 1,20,000 |");
    expect(table).toContain('<div class="md-table"><table>');
    expect(table).toContain('<th class="md-right">Amount (₹)</th>');
    expect(table).toContain('<td class="md-right">1,20,000</td>');
    expect(table).not.toContain("style=");
  });

  it("never passes HTML through: scripts and event handlers are text", () => {
    const html = renderMarkdown(
      '<script>alert(1)</script> <img src=x onerror="alert(1)"> <a href="javascript:alert(1)">x</a>',
    );
    expect(html).not.toMatch(/<script|<img|<a /);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });

  it("refuses links that run code or leave by a protocol-relative URL; keeps http(s), mailto and the site's paths", () => {
    for (const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "vbscript:x",
      "data:text/html,<b>x</b>",
      "//evil.example/x",
      "file:///etc/passwd",
    ]) {
      const html = renderMarkdown(`[click](${href})`);
      expect(html, href).not.toContain("<a ");
      expect(html, href).not.toContain("href=");
    }
    expect(renderMarkdown("[CBSE](https://cbse.gov.in)")).toBe(
      '<p><a href="https://cbse.gov.in" target="_blank" rel="noopener noreferrer nofollow">CBSE</a></p>',
    );
    expect(renderMarkdown("[a course](/courses/1)")).toBe('<p><a href="/courses/1">a course</a></p>');
  });

  it("shows only images uploaded to this store; any other image is its alt text", () => {
    expect(renderMarkdown(`![Demand curve](${IMAGE})`)).toBe(
      `<p><img src="${IMAGE}" alt="Demand curve" loading="lazy" decoding="async"></p>`,
    );
    for (const src of [
      "https://evil.example/a.png",
      "data:image/png;base64,AAAA",
      "/media/images/../../etc/passwd.png",
      "/media/pdfs/x.pdf",
    ]) {
      expect(renderMarkdown(`![a "diagram"](${src})`), src).not.toContain("<img");
    }
    expect(renderMarkdown('![a "diagram"](https://evil.example/a.png)')).toBe("<p>a &quot;diagram&quot;</p>");
  });

  it("keeps headings and code blocks out of a question (they are text), and an option's Markdown has no paragraph", () => {
    expect(renderMarkdown("# Heading")).toBe("<p># Heading</p>");
    expect(renderMarkdownInline("**₹ 5,000** only")).toBe("<strong>₹ 5,000</strong> only");
  });
});
