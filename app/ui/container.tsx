import type * as React from "react";
import { cn } from "./cn";

/** The page column: max-w-7xl unless the caller gives its own max-w-* (cn does not resolve conflicts). */
export function Container({ className, ...props }: React.ComponentProps<"div">) {
  const ownWidth = /(^|\s)max-w-/.test(className ?? "");
  return <div className={cn("mx-auto w-full px-4 sm:px-6 lg:px-8", !ownWidth && "max-w-7xl", className)} {...props} />;
}
