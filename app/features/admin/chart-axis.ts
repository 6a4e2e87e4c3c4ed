/** Axis rules of the admin charts (charts.recharts.tsx). */

/**
 * The props of a value axis: left to the chart when some value is above 0; when every value is 0,
 * one tick at 0 on the axis line (a 0–1 domain keeps it at the bottom), so an empty chart shows one
 * "₹0" instead of the same label five times.
 */
export function valueAxis(values: number[]): { ticks?: number[]; domain?: [number, number] } {
  return values.some((v) => v > 0) ? {} : { ticks: [0], domain: [0, 1] };
}
