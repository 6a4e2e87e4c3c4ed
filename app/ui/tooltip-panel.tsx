import { type ReactNode, type RefObject, useEffect, useLayoutEffect, useRef } from "react";
import { createPortal } from "react-dom";

const GAP_PX = 6;
const EDGE_PX = 8;

/**
 * The open tooltip (./tooltip.tsx): in a portal with fixed coordinates, above the trigger (below
 * when there is no room), kept inside the viewport; Escape and any scroll close it. Its own chunk:
 * the code loads while the trigger's 700 ms delay runs, so a page's first load carries only the trigger.
 */
export function TooltipPanel({
  id,
  content,
  trigger,
  onPointerEnter,
  onPointerLeave,
  onClose,
}: {
  id: string;
  content: ReactNode;
  trigger: RefObject<HTMLElement | null>;
  onPointerEnter: () => void;
  onPointerLeave: () => void;
  onClose: () => void;
}) {
  const tipRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    window.addEventListener("scroll", onClose, { capture: true, passive: true });
    return () => {
      document.removeEventListener("keydown", onKey);
      window.removeEventListener("scroll", onClose, { capture: true });
    };
  }, [onClose]);

  useLayoutEffect(() => {
    const tip = tipRef.current;
    const anchor = trigger.current;
    if (!anchor || !tip) return;
    const t = anchor.getBoundingClientRect();
    const { width, height } = tip.getBoundingClientRect();
    const viewport = document.documentElement.clientWidth;
    const above = t.top - GAP_PX - height >= EDGE_PX;
    const left = Math.max(EDGE_PX, Math.min(t.left + t.width / 2 - width / 2, viewport - EDGE_PX - width));
    tip.style.left = `${left}px`;
    tip.style.top = `${above ? t.top - GAP_PX - height : t.bottom + GAP_PX}px`;
    tip.dataset.side = above ? "top" : "bottom";
    tip.style.setProperty("--arrow-x", `${Math.max(12, Math.min(t.left + t.width / 2 - left, width - 12))}px`);
    tip.style.visibility = "visible";
  }, [trigger]);

  return createPortal(
    <div
      ref={tipRef}
      id={id}
      role="tooltip"
      style={{ visibility: "hidden" }}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      className="fixed z-50 max-w-xs rounded-md bg-slate-900 px-3 py-1.5 text-sm font-normal text-white shadow-lg motion-safe:animate-[fade-in_100ms_ease-out] after:absolute after:left-[var(--arrow-x)] after:-ml-[5px] after:border-[5px] after:border-transparent data-[side=bottom]:after:bottom-full data-[side=bottom]:after:border-b-slate-900 data-[side=top]:after:top-full data-[side=top]:after:border-t-slate-900"
    >
      {content}
    </div>,
    document.body,
  );
}
