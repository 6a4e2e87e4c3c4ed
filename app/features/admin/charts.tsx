/**
 * Chart wrappers: Recharts is fetched only in the browser, only by admin
 * screens (a dynamic import), and the server renders an accessible table-like
 * fallback meanwhile.
 */
import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";
import { formatPaise } from "~/lib/money";

export interface ChartPoint {
  label: string;
  revenuePaise: number;
  enrolments: number;
}

const SalesEnrolmentChartLazy = lazy(() =>
  import("./charts.recharts").then((m) => ({
    default: m.SalesEnrolmentChart as ComponentType<{ data: ChartPoint[] }>,
  })),
);
const RevenueBarChartLazy = lazy(() =>
  import("./charts.recharts").then((m) => ({ default: m.RevenueBarChart as ComponentType<{ data: ChartPoint[] }> })),
);

function useMounted() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

function Fallback({ data, label }: { data: ChartPoint[]; label: string }) {
  return (
    <div className="h-[260px] overflow-auto text-xs text-slate-600" title={label}>
      <ul className="grid grid-cols-2 gap-x-4 sm:grid-cols-3">
        {data.map((d) => (
          <li key={d.label}>
            {d.label}: {formatPaise(d.revenuePaise)}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SalesEnrolmentChart({ data }: { data: ChartPoint[] }) {
  const mounted = useMounted();
  const label = "Revenue and enrolments, last 12 months";
  return (
    <figure aria-label={label} data-testid="sales-enrolment-chart">
      {mounted ? (
        <Suspense fallback={<Fallback data={data} label={label} />}>
          <SalesEnrolmentChartLazy data={data} />
        </Suspense>
      ) : (
        <Fallback data={data} label={label} />
      )}
    </figure>
  );
}

export function RevenueBarChart({ data }: { data: ChartPoint[] }) {
  const mounted = useMounted();
  const label = "Revenue per month";
  return (
    <figure aria-label={label} data-testid="revenue-chart">
      {mounted ? (
        <Suspense fallback={<Fallback data={data} label={label} />}>
          <RevenueBarChartLazy data={data} />
        </Suspense>
      ) : (
        <Fallback data={data} label={label} />
      )}
    </figure>
  );
}
