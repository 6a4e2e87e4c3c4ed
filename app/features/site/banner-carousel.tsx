import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { cn } from "~/ui/cn";

/** Spec §9: the banner autoplay interval, looping. */
export const BANNER_AUTOPLAY_MS = 3000;

export interface Banner {
  id: number;
  name: string;
  image: string;
}

/**
 * The home page's banner carousel: loops, advances every 3000 ms, previous/next
 * buttons and ←/→ keys; pauses while hovered or focused; no autoplay under
 * prefers-reduced-motion.
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const [emblaRef, emblaApi] = useEmblaCarousel({ loop: true });
  const [selected, setSelected] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(true);

  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReducedMotion(query.matches);
    const onChange = () => setReducedMotion(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
    onSelect();
    emblaApi.on("select", onSelect).on("reInit", onSelect);
    return () => {
      emblaApi.off("select", onSelect).off("reInit", onSelect);
    };
  }, [emblaApi]);

  const paused = hovered || focused || reducedMotion;
  // Restarting the interval on every slide change keeps a full 3000 ms after a manual move.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `selected` restarts the timer on purpose
  useEffect(() => {
    if (!emblaApi || paused || banners.length < 2) return;
    const timer = setInterval(() => emblaApi.scrollNext(), BANNER_AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [emblaApi, paused, selected, banners.length]);

  const prev = useCallback(() => emblaApi?.scrollPrev(), [emblaApi]);
  const next = useCallback(() => emblaApi?.scrollNext(), [emblaApi]);

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
        ref={emblaRef}
        role="region"
        className="overflow-hidden rounded-2xl"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the viewport takes focus so ←/→ can move the slides
        tabIndex={0}
        aria-label="Banners, use the left and right arrow keys"
      >
        <div className="flex touch-pan-y">
          {banners.map((banner, i) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is role="group"
            <div
              key={banner.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${banners.length}: ${banner.name}`}
              aria-hidden={i !== selected}
              className="min-w-0 shrink-0 grow-0 basis-full"
            >
              <img
                src={banner.image}
                alt={banner.name}
                width={1200}
                height={400}
                fetchPriority={i === 0 ? "high" : "auto"}
                className="aspect-[3/1] w-full object-cover"
              />
            </div>
          ))}
        </div>
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
            onClick={() => emblaApi?.scrollTo(i)}
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
