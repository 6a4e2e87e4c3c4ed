/**
 * Shows Markdown the server already turned into safe HTML (app/lib/markdown.ts): a loader
 * field named `…Html` is the only thing given to it, never text a person typed.
 */
import { cn } from "./cn";

export function Markdown({ html, className, inline }: { html: string; className?: string; inline?: boolean }) {
  const Tag = inline ? "span" : "div";
  // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and made safe on the server (markdown.server.ts).
  return <Tag className={cn("md", className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
