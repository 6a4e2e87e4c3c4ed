/** Recharts lives only in this module, imported lazily by the admin screens (never by public pages). */
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { formatPaise, formatPaiseCompact } from "~/lib/money";
import { valueAxisTicks } from "./chart-axis";
import type { ChartPoint } from "./charts";

export function SalesEnrolmentChart({ data }: { data: ChartPoint[] }) {
  return (
    <ResponsiveContainer width="100%" height={280}>
      <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
        <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
        <YAxis
          yAxisId="rev"
          tickFormatter={formatPaiseCompact}
          ticks={valueAxisTicks(data.map((d) => d.revenuePaise))}
          tick={{ fontSize: 11 }}
          width={64}
        />
        <YAxis
          yAxisId="enr"
          orientation="right"
          allowDecimals={false}
          ticks={valueAxisTicks(data.map((d) => d.enrolments))}
          tick={{ fontSize: 11 }}
          width={36}
        />
        <Tooltip formatter={(value, name) => (name === "Revenue" ? formatPaise(Number(value)) : String(value))} />
        <Legend />
        <Bar yAxisId="rev" dataKey="revenuePaise" name="Revenue" fill="#2452e0" radius={[4, 4, 0, 0]} />
        <Line yAxisId="enr" dataKey="enrolments" name="Enrolments" stroke="#f59e0b" strokeWidth={2} dot={false} />
      </ComposedChart>
    </ResponsiveContainer>
  );
}

export function RevenueBarChart({ data }: { data: ChartPoint[] }) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
        <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
        <YAxis
          tickFormatter={formatPaiseCompact}
          ticks={valueAxisTicks(data.map((d) => d.revenuePaise))}
          tick={{ fontSize: 11 }}
          width={64}
        />
        <Tooltip formatter={(value) => formatPaise(Number(value))} />
        <Bar dataKey="revenuePaise" name="Revenue" fill="#2452e0" radius={[4, 4, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
