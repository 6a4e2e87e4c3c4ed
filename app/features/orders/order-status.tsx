import { cn } from "~/ui/cn";

type Status = "pending" | "paid" | "fulfilled" | "failed" | "cancelled" | "refunded";

const LABELS: Record<Status, { label: string; className: string }> = {
  pending: { label: "Awaiting payment", className: "bg-amber-100 text-amber-900" },
  paid: { label: "Paid", className: "bg-sky-100 text-sky-900" },
  fulfilled: { label: "Completed", className: "bg-emerald-100 text-emerald-900" },
  failed: { label: "Payment failed", className: "bg-red-100 text-red-900" },
  cancelled: { label: "Cancelled", className: "bg-slate-200 text-slate-800" },
  refunded: { label: "Refunded", className: "bg-violet-100 text-violet-900" },
};

export function OrderStatusBadge({ status }: { status: Status }) {
  const { label, className } = LABELS[status];
  return <span className={cn("inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold", className)}>{label}</span>;
}
