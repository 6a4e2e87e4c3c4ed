/**
 * The small safe Markdown of practice questions (issue 35): paragraphs and line breaks, **bold**,
 * *italic*, lists, tables (journal entries, ledgers, balance sheets), `code`, links and the store's
 * own uploaded images. Rendered on the server only, so the browser receives finished HTML and no
 * Markdown parser.
 *
 * Safe by construction: raw HTML in the source is never passed through (markdown-it's `html: false`
 * escapes `<script>`, `<img onerror=…>` and every other tag as text), a link must be http(s), mailto
 * or a path of this site (`javascript:`, `data:`, `vbscript:`… stay text), and an image must be one
 * uploaded to this store (`/media/images/<uuid>.<ext>`); anything else renders as its alt text.
 */
import MarkdownIt from "markdown-it";

const UPLOADED_IMAGE =
  /^\/media\/images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp|gif|avif)$/;
const SAFE_LINK = /^(https?:\/\/|mailto:|\/(?!\/))/i;

const md = new MarkdownIt("default", { html: false, linkify: false, typographer: false, breaks: true });
md.disable(["heading", "lheading", "code", "fence", "hr"]);

md.validateLink = (url) => SAFE_LINK.test(url.trim()) || UPLOADED_IMAGE.test(url.trim());

const renderLinkOpen = md.renderer.rules.link_open;
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const href = String(token.attrGet("href") ?? "");
  if (!href.startsWith("/")) {
    token.attrSet("target", "_blank");
    token.attrSet("rel", "noopener noreferrer nofollow");
  }
  return renderLinkOpen ? renderLinkOpen(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
};

md.renderer.rules.image = (tokens, idx, _options, _env, self) => {
  const token = tokens[idx]!;
  const src = String(token.attrGet("src") ?? "");
  const alt = self.renderInlineAsText(token.children ?? [], md.options, {});
  if (!UPLOADED_IMAGE.test(src)) return md.utils.escapeHtml(alt);
  return `<img src="${md.utils.escapeHtml(src)}" alt="${md.utils.escapeHtml(alt)}" loading="lazy" decoding="async">`;
};

// Column alignment as a class, not a style attribute (the CSP allows no inline styles).
md.core.ruler.push("align_classes", (state) => {
  for (const token of state.tokens) {
    if (token.type !== "th_open" && token.type !== "td_open") continue;
    const align = /text-align:(left|center|right)/.exec(String(token.attrGet("style") ?? ""))?.[1];
    token.attrs = align ? [["class", `md-${align}`]] : null;
  }
});

// Wide tables scroll inside their own box on a phone instead of widening the page.
md.renderer.rules.table_open = () => '<div class="md-table"><table>\n';
md.renderer.rules.table_close = () => "</table></div>\n";

/** Safe HTML of a question's Markdown. */
export function renderMarkdown(source: string): string {
  return md.render(source).trim();
}

/** The same, for text that sits inside a line (an option): no wrapping paragraph. */
export function renderMarkdownInline(source: string): string {
  return md.renderInline(source).trim();
}
