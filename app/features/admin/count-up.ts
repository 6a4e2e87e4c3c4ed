/** Count-up of a dashboard figure (spec §9): 1500 ms in steps of 10 ms, ending exactly on the value. */
export const COUNT_UP_MS = 1500;
export const COUNT_UP_STEP_MS = 10;
export const COUNT_UP_STEPS = COUNT_UP_MS / COUNT_UP_STEP_MS;

/** The value shown after `step` of the 150 ticks. */
export function countUpValue(to: number, step: number): number {
  if (step >= COUNT_UP_STEPS) return to;
  return Math.round((to * Math.max(0, step)) / COUNT_UP_STEPS);
}
