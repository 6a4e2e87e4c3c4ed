import { Tooltip as T } from "radix-ui";
import type * as React from "react";

/** Spec §9: 700 ms delay, 300 ms skip delay (Radix's defaults, stated explicitly). */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export function TooltipProvider({ children }: { children: React.ReactNode }) {
  return (
    <T.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {children}
    </T.Provider>
  );
}

export function Tooltip({ content, children }: { content: React.ReactNode; children: React.ReactNode }) {
  return (
    <T.Root>
      <T.Trigger asChild>{children}</T.Trigger>
      <T.Portal>
        <T.Content
          sideOffset={6}
          className="z-50 max-w-xs rounded-md bg-slate-900 px-3 py-1.5 text-sm text-white shadow-lg"
        >
          {content}
          <T.Arrow className="fill-slate-900" />
        </T.Content>
      </T.Portal>
    </T.Root>
  );
}
