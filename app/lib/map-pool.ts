/**
 * Runs `fn` over `items` with at most `limit` at once; results keep the order of `items`. `slot`
 * (0 … limit − 1) names the lane an item runs in: one item at a time per slot, so a slot may keep
 * something between its items (a browser page to navigate instead of opening a new one).
 */
export async function mapPool<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, slot: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function worker(slot: number) {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T, slot);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, (_, slot) => worker(slot)));
  return results;
}
