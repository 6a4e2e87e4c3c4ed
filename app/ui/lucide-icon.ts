/**
 * Lucide's icon factory in the few lines this app needs (issue 34): every `lucide-react` icon module
 * calls `createLucideIcon(data)`, and vite.config.ts points that import here. Lucide's own factory
 * brings its context provider, size and stroke options and a class-name builder that no page of ours
 * uses (~1.2 KB gzip on every page). The markup is the same as Lucide's for the props we pass
 * (class names, aria-*, style): app/ui/lucide-icon.test.tsx renders every icon both ways.
 */
import { createElement, forwardRef, type SVGProps } from "react";

interface IconData {
  name: string;
  node: [string, Record<string, string>][];
  aliases?: string[];
}

const hasA11yProp = (props: Record<string, unknown>) =>
  Object.keys(props).some((key) => key.startsWith("aria-") || key === "role" || key === "title");

export default function createLucideIcon(icon: IconData) {
  const classes = ["lucide", `lucide-${icon.name}`, ...(icon.aliases ?? []).map((a) => `lucide-${a}`)];
  return forwardRef<SVGSVGElement, SVGProps<SVGSVGElement>>(({ className, children, ...rest }, ref) =>
    createElement(
      "svg",
      {
        ref,
        xmlns: "http://www.w3.org/2000/svg",
        width: 24,
        height: 24,
        viewBox: "0 0 24 24",
        fill: "none",
        stroke: "currentColor",
        strokeWidth: 2,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        className: [...new Set([...classes, ...(className?.split(/\s+/) ?? [])])].filter(Boolean).join(" "),
        ...(children || hasA11yProp(rest) ? {} : { "aria-hidden": "true" }),
        ...rest,
      },
      ...icon.node.map(([tag, attrs]) => createElement(tag, attrs)),
      children,
    ),
  );
}
