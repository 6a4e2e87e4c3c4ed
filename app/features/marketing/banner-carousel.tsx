import { ChevronLeft, ChevronRight } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { cn } from "~/ui/cn";

/** Spec §9: the banner autoplay interval, looping. */
export const BANNER_AUTOPLAY_MS = 3000;
/** A drag this far (px) or this share of the width moves to the neighbouring slide. */
const SWIPE_PX = 40;
const SWIPE_SHARE = 0.2;

export interface Banner {
  id: number;
  name: string;
  image: string;
}

/**
 * Where slide `i` sits when `selected` is shown, in slide widths: the previous one at -1, the current
 * at 0, the next at +1, the rest further right. Moving by one step changes every visible slide's
 * place by exactly one, so the loop is seamless (a slide that wraps round jumps while out of sight).
 */
export const slideOffset = (i: number, selected: number, count: number) =>
  count < 2 ? 0 : ((((i - selected + 1) % count) + count) % count) - 1;

/**
 * The home page's banner carousel: loops, advances every 3000 ms, previous/next buttons, dots,
 * ←/→ keys and swipe/drag; pauses while hovered or focused; no autoplay under prefers-reduced-motion.
 * Our own ~1 KB (it replaced Embla): the slides are stacked in one grid cell and moved with transforms.
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const count = banners.length;
  // `previous` tells which slides may animate (see slideOffset).
  const [{ selected, previous }, setSlides] = useState({ selected: 0, previous: 0 });
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(true);
  const [dragX, setDragX] = useState<number | null>(null);
  const drag = useRef<{ id: number; x: number; y: number; width: number } | null>(null);

  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReducedMotion(query.matches);
    const onChange = () => setReducedMotion(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  // Functional updates: a timer or handler that fires before React re-renders still moves one step.
  const go = useCallback(
    (to: (current: number) => number) =>
      setSlides((s) => ({ selected: ((to(s.selected) % count) + count) % count || 0, previous: s.selected })),
    [count],
  );
  const scrollTo = useCallback((index: number) => go(() => index), [go]);
  const prev = useCallback(() => go((i) => i - 1), [go]);
  const next = useCallback(() => go((i) => i + 1), [go]);

  const paused = hovered || focused || reducedMotion || dragX !== null;
  // Restarting the interval on every slide change keeps a full 3000 ms after a manual move.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `selected` restarts the timer on purpose
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setInterval(next, BANNER_AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [paused, selected, count, next]);

  const endDrag = (e: React.PointerEvent<HTMLDivElement>, cancelled = false) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    drag.current = null;
    const dx = e.clientX - d.x;
    setDragX(null);
    if (cancelled || Math.abs(dx) < Math.min(SWIPE_PX, d.width * SWIPE_SHARE)) return;
    if (dx < 0) next();
    else prev();
  };

  if (banners.length === 0) return null;
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Offers"
      className="relative"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={(e) => {
        if (e.key === "ArrowLeft") {
          e.preventDefault();
          prev();
        } else if (e.key === "ArrowRight") {
          e.preventDefault();
          next();
        }
      }}
      data-testid="banner-carousel"
      data-selected={selected}
      data-paused={paused ? "true" : "false"}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: a named region inside the carousel section */}
      <div
        role="region"
        className="grid touch-pan-y select-none overflow-hidden rounded-2xl"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the viewport takes focus so ←/→ can move the slides
        tabIndex={0}
        aria-label="Banners, use the left and right arrow keys"
        onPointerDown={(e) => {
          if (count < 2 || (e.pointerType === "mouse" && e.button !== 0)) return;
          drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY, width: e.currentTarget.clientWidth };
        }}
        onPointerMove={(e) => {
          const d = drag.current;
          if (!d || d.id !== e.pointerId) return;
          const dx = e.clientX - d.x;
          if (dragX === null) {
            // A mostly vertical move is the page scrolling, not a swipe.
            if (Math.abs(dx) < 5 || Math.abs(dx) < Math.abs(e.clientY - d.y)) return;
            e.currentTarget.setPointerCapture(e.pointerId);
          }
          setDragX(dx);
        }}
        onPointerUp={(e) => endDrag(e)}
        onPointerCancel={(e) => endDrag(e, true)}
      >
        {banners.map((banner, i) => {
          const offset = slideOffset(i, selected, count);
          // Only a move by one place is animated; a slide wrapping round jumps out of sight.
          const animate = dragX === null && Math.abs(offset - slideOffset(i, previous, count)) <= 1;
          return (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is role="group"
            <div
              key={banner.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}: ${banner.name}`}
              aria-hidden={i !== selected}
              className={cn(
                "col-start-1 row-start-1 min-w-0",
                animate && "motion-safe:transition-transform motion-safe:duration-500 motion-safe:ease-out",
              )}
              style={{ transform: `translateX(calc(${offset * 100}% + ${dragX ?? 0}px))` }}
            >
              <img
                src={banner.image}
                alt={banner.name}
                width={1200}
                height={400}
                draggable={false}
                // Low for the hidden slides: they still load at once, but React does not preload them ahead of the page.
                fetchPriority={i === 0 ? "high" : "low"}
                className="aspect-[3/1] w-full object-cover"
              />
            </div>
          );
        })}
      </div>
      <div className="mt-3 flex items-center justify-center gap-2">
        <button
          type="button"
          onClick={prev}
          aria-label="Previous banner"
          className={cn(
            "flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-white text-slate-900 shadow ring-1 ring-slate-200 hover:bg-slate-50 sm:absolute sm:top-[calc(50%-1.125rem)] sm:-translate-y-1/2 sm:bg-white/90 sm:ring-0",
            "sm:left-2",
          )}
        >
          <ChevronLeft className="h-6 w-6" aria-hidden />
        </button>
        {banners.map((banner, i) => (
          <button
            key={banner.id}
            type="button"
            onClick={() => scrollTo(i)}
            aria-label={`Show banner ${i + 1}`}
            aria-current={i === selected ? "true" : undefined}
            className="flex h-6 w-6 items-center justify-center"
          >
            <span
              className={cn(
                "block h-2.5 rounded-full transition-all",
                i === selected ? "w-6 bg-brand-600" : "w-2.5 bg-slate-400",
              )}
            />
          </button>
        ))}
        <button
          type="button"
          onClick={next}
          aria-label="Next banner"
          className={cn(
            "flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-white text-slate-900 shadow ring-1 ring-slate-200 hover:bg-slate-50 sm:absolute sm:top-[calc(50%-1.125rem)] sm:-translate-y-1/2 sm:bg-white/90 sm:ring-0",
            "sm:right-2",
          )}
        >
          <ChevronRight className="h-6 w-6" aria-hidden />
        </button>
      </div>
    </section>
  );
}
