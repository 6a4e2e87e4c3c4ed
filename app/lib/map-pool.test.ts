import { describe, expect, it } from "vitest";
import { mapPool } from "./map-pool";

describe("mapPool", () => {
  it("runs at most `limit` at once, keeps the items' order and one item at a time per slot", async () => {
    let running = 0;
    let most = 0;
    const busy = new Set<number>();
    const results = await mapPool([30, 5, 20, 1, 10, 2], 2, async (ms, slot) => {
      expect(busy.has(slot)).toBe(false);
      busy.add(slot);
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, ms));
      running--;
      busy.delete(slot);
      return `${ms}@${slot < 2 ? "ok" : "bad"}`;
    });
    expect(most).toBe(2);
    expect(results).toEqual(["30@ok", "5@ok", "20@ok", "1@ok", "10@ok", "2@ok"]);
  });

  it("starts no more lanes than items, and none for an empty list", async () => {
    const slots: number[] = [];
    const doubled = await mapPool([1], 8, async (n, slot) => {
      slots.push(slot);
      return n * 2;
    });
    expect(doubled).toEqual([2]);
    expect(slots).toEqual([0]);
    expect(await mapPool([], 4, async () => 1)).toEqual([]);
  });
});
