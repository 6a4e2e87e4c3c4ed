/** Load for the drills: work on many items a few at a time, and a kill in the middle of it. */

/** Runs `work` for every item, `concurrency` at a time. */
export async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

/**
 * Runs `work` for every item, `concurrency` at a time, and calls `kill` (a SIGKILL) once `killAfter`
 * of them have reported success (`work` resolves true). What fails before the kill fails the drill;
 * what fails after it was cut off by it and is returned. Items not started by then are skipped.
 */
export async function burstWithKill<T>(
  items: T[],
  opts: { concurrency: number; killAfter: number; kill: () => void },
  work: (item: T) => Promise<boolean>,
): Promise<{ killed: boolean; interrupted: unknown[] }> {
  let done = 0;
  let killed = false;
  const interrupted: unknown[] = [];
  await pool(items, opts.concurrency, async (item) => {
    if (killed) return;
    try {
      if ((await work(item)) && ++done >= opts.killAfter && !killed) {
        killed = true;
        opts.kill();
      }
    } catch (error) {
      if (!killed) throw error;
      interrupted.push(error);
    }
  });
  return { killed, interrupted };
}
