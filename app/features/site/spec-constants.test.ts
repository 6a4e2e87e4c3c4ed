import { describe, expect, it } from "vitest";
import { TOAST_DURATION_MS } from "~/features/cart/cart-store";
import { KIND_FEATURES } from "~/features/catalog/labels";
import { MIN_NOTIFICATION_DELAY_S } from "~/features/contact/chat-widget-options";
import { BANNER_AUTOPLAY_MS } from "~/features/marketing/banner-carousel";
import { DESCRIPTION_PREVIEW, FEATURED_NOTES, TITLE_CHUNK, TITLE_LIMIT } from "~/lib/display";
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "~/ui/tooltip";

describe("seed-spec §9 constants used by the storefront", () => {
  it("keeps the spec's numbers", () => {
    expect(BANNER_AUTOPLAY_MS).toBe(3000);
    expect(TOAST_DURATION_MS).toBe(3000);
    expect(TOOLTIP_DELAY_MS).toBe(700);
    expect(TOOLTIP_SKIP_DELAY_MS).toBe(300);
    expect(DESCRIPTION_PREVIEW).toBe(150);
    expect(FEATURED_NOTES).toBe(4);
    expect([TITLE_LIMIT, TITLE_CHUNK]).toEqual([45, 42]);
    expect(MIN_NOTIFICATION_DELAY_S).toBe(10);
  });

  it("note and PYQ detail pages list the spec's features (a course's come from its lessons)", () => {
    expect("course" in KIND_FEATURES).toBe(false);
    expect(KIND_FEATURES.note).toEqual(["Downloadable Notes", "Handwritten Notes"]);
    expect(KIND_FEATURES.pyq).toEqual(["Downloadable Notes", "Handwritten Notes"]);
  });
});
