import { describe, expect, it } from "vitest";
import { TOAST_DURATION_MS } from "~/features/cart/cart-store";
import { fileFeatures } from "~/features/catalog/labels";
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

  it("a note's or paper's features say what it holds: its PDF and the stamp, nothing without a file", () => {
    expect(fileFeatures("note", true)).toEqual([
      "Notes as a PDF to download",
      "Your name and email on every page (licensed to you)",
    ]);
    expect(fileFeatures("pyq", true)[0]).toBe("Papers as a PDF to download");
    expect(fileFeatures("note", false)).toEqual([]);
    expect(fileFeatures("pyq", true).join(" ")).not.toMatch(/Handwritten/);
  });
});
