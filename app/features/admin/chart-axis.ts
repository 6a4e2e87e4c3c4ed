/** Axis rules of the admin charts (charts.recharts.tsx). */

/**
 * The ticks of a value axis: left to the chart (undefined) when some value is above 0; just 0 when
 * every value is 0, so an empty chart shows one "₹0" instead of the same label five times.
 */
export function valueAxisTicks(values: number[]): number[] | undefined {
  return values.some((v) => v > 0) ? undefined : [0];
}
