/**
 * A small accessible tooltip of our own (it replaced Radix Tooltip + Floating UI, ~20 KB gzip on every
 * public page). Behaviour kept from Radix:
 * - opens TOOLTIP_DELAY_MS after a mouse enters or keyboard focus reaches the trigger (not on touch);
 * - within TOOLTIP_SKIP_DELAY_MS of a tooltip closing, or while another is open, it opens at once;
 * - closes when the pointer leaves trigger and tooltip (the tooltip itself is hoverable), on blur,
 *   pointerdown, scroll and Escape;
 * - role="tooltip", linked to the trigger with aria-describedby while open;
 * - rendered in a portal with fixed coordinates, above the trigger (below when there is no room),
 *   kept inside the viewport, so a card's overflow or a 360 px screen never clips it
 *   (./tooltip-panel.tsx, downloaded when a trigger is first pointed at or focused: issue 34).
 */
import {
  type ComponentPropsWithRef,
  cloneElement,
  type ReactElement,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { lazyComponent, OnDemand } from "./on-demand";

/** Spec §9: 700 ms delay, 300 ms skip delay. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** Leaving the trigger for the tooltip (across the gap between them) does not close it. */
const HOVER_GRACE_MS = 100;
/** The open tooltip's code (./tooltip-panel.tsx), fetched when a trigger is first pointed at or focused. */
const TooltipPanel = lazyComponent(
  null,
  () => import("./tooltip-panel"),
  (m) => m.TooltipPanel,
);

/* Shared across every tooltip, like Radix's Provider: how many are open, when the last one closed. */
let openCount = 0;
let lastClosedAt = Number.NEGATIVE_INFINITY;
const skipDelay = () => openCount > 0 || Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS;

type TriggerProps = ComponentPropsWithRef<"a"> & Record<string, unknown>;

export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement<TriggerProps> }) {
  const id = useId();
  const [open, setOpenState] = useState(false);
  const openRef = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const triggerRef = useRef<HTMLElement | null>(null);
  /** Between pointerdown and pointerup: the focus that follows a click must not open it. */
  const pointerDown = useRef(false);

  const setOpen = useCallback((next: boolean) => {
    clearTimeout(timer.current);
    if (openRef.current === next) return;
    openRef.current = next;
    if (next) openCount++;
    else {
      openCount--;
      lastClosedAt = Date.now();
    }
    setOpenState(next);
  }, []);

  const show = useCallback(() => {
    clearTimeout(timer.current);
    // Fetched during the delay: opening then renders it at once (no Suspense fallback).
    void TooltipPanel.preload();
    if (openRef.current) return;
    if (skipDelay()) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), TOOLTIP_DELAY_MS);
  }, [setOpen]);
  const hide = useCallback(() => setOpen(false), [setOpen]);
  const hideSoon = useCallback(() => {
    clearTimeout(timer.current);
    if (openRef.current) timer.current = setTimeout(() => setOpen(false), HOVER_GRACE_MS);
  }, [setOpen]);

  // Unmounting while open (navigation) still counts as a close.
  useEffect(() => () => setOpen(false), [setOpen]);

  const child = children.props;
  const trigger = cloneElement(children, {
    ref: (el: HTMLAnchorElement | null) => {
      triggerRef.current = el;
    },
    "aria-describedby": open ? id : child["aria-describedby"],
    onPointerEnter: (e: React.PointerEvent<HTMLAnchorElement>) => {
      child.onPointerEnter?.(e);
      if (e.pointerType !== "touch") show();
    },
    onPointerLeave: (e: React.PointerEvent<HTMLAnchorElement>) => {
      child.onPointerLeave?.(e);
      hideSoon();
    },
    onPointerDown: (e: React.PointerEvent<HTMLAnchorElement>) => {
      child.onPointerDown?.(e);
      pointerDown.current = true;
      document.addEventListener("pointerup", () => (pointerDown.current = false), { once: true });
      hide();
    },
    onFocus: (e: React.FocusEvent<HTMLAnchorElement>) => {
      child.onFocus?.(e);
      if (!pointerDown.current) show();
    },
    onBlur: (e: React.FocusEvent<HTMLAnchorElement>) => {
      child.onBlur?.(e);
      hide();
    },
  });

  return (
    <>
      {trigger}
      {open ? (
        <OnDemand
          component={TooltipPanel}
          props={{ id, content, trigger: triggerRef, onPointerEnter: show, onPointerLeave: hideSoon, onClose: hide }}
        />
      ) : null}
    </>
  );
}
