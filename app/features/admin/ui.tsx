/** Building blocks of the admin screens. */
import { ArrowLeft } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { type ReactNode, useEffect, useState } from "react";
import { Link } from "react-router";
import { formatPaise } from "~/lib/money";
import { formatCount } from "~/lib/numbers";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { inputClass } from "~/ui/field";
import { COUNT_UP_STEP_MS, COUNT_UP_STEPS, countUpValue } from "./count-up";

export function PageHeader({ title, subtitle, actions }: { title: string; subtitle?: string; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

/** The link back to the page above this one (the list, the editor, Settings), at the top of an admin page. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden /> {children}
    </Link>
  );
}

/** An admin list's search box (`q`), named for screen readers by `label`, inside the list's filter form. */
export function ListSearch({
  id,
  label,
  placeholder,
  defaultValue,
}: {
  id: string;
  label: string;
  placeholder: string;
  defaultValue: string;
}) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={defaultValue}
        placeholder={placeholder}
        className={inputClass}
      />
    </>
  );
}

export function Card({ title, children, className }: { title?: string; children: ReactNode; className?: string }) {
  return (
    <section className={cn("rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5", className)}>
      {title ? <h2 className="mb-3 text-base font-semibold text-slate-900">{title}</h2> : null}
      {children}
    </section>
  );
}

export function Trend({ value, unit, period }: { value: number | null; unit: "%" | "pts"; period?: string }) {
  if (value === null) return <p className="text-xs text-slate-500">new {period ? `(${period})` : ""}</p>;
  const up = value > 0;
  const flat = value === 0;
  return (
    <p className={cn("text-xs font-medium", flat ? "text-slate-500" : up ? "text-emerald-700" : "text-red-700")}>
      {flat ? "±" : up ? "▲ +" : "▼ "}
      {value}
      {unit === "%" ? "%" : " pts"} <span className="font-normal text-slate-500">{period}</span>
    </p>
  );
}

/** Counts from 0 to `to` over 1500 ms in 10 ms steps (spec §9); the server renders the final value. */
export function CountUp({ to, format = formatCount }: { to: number; format?: (n: number) => string }) {
  const [value, setValue] = useState(to);
  useEffect(() => {
    let step = 0;
    setValue(0);
    const timer = setInterval(() => {
      step += 1;
      setValue(countUpValue(to, step));
      if (step >= COUNT_UP_STEPS) clearInterval(timer);
    }, COUNT_UP_STEP_MS);
    return () => clearInterval(timer);
  }, [to]);
  return <span data-count-up={to}>{format(value)}</span>;
}

export function formatMetric(value: number, format: "paise" | "count" | "percent") {
  if (format === "paise") return formatPaise(value);
  if (format === "percent") return `${value}%`;
  return formatCount(value);
}

const STATUS_STYLES: Record<string, string> = {
  draft: "bg-slate-100 text-slate-700",
  published: "bg-emerald-100 text-emerald-800",
  archived: "bg-amber-100 text-amber-800",
  paid: "bg-sky-100 text-sky-800",
  fulfilled: "bg-emerald-100 text-emerald-800",
  refunded: "bg-red-100 text-red-800",
  pending: "bg-slate-100 text-slate-700",
  failed: "bg-red-100 text-red-800",
  cancelled: "bg-slate-100 text-slate-700",
  success: "bg-emerald-100 text-emerald-800",
  complete: "bg-sky-100 text-sky-800",
  new: "bg-brand-100 text-brand-700",
};

export function Badge({ children, tone }: { children: ReactNode; tone?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold capitalize",
        STATUS_STYLES[(tone ?? String(children)).toLowerCase()] ?? "bg-slate-100 text-slate-700",
      )}
    >
      {children}
    </span>
  );
}

/**
 * One person in an admin list (users, admins): their initial, what is said about them (wrapped, never
 * cut off: the owner reads the name and email to know who it is) and an action beside it, under it on
 * a phone.
 */
export function PersonRow({ name, children, action }: { name: string; children: ReactNode; action: ReactNode }) {
  return (
    <li className="flex flex-wrap items-start gap-3 py-3 text-sm sm:flex-nowrap">
      <span
        aria-hidden
        className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-700"
      >
        {name.trim().charAt(0).toUpperCase() || "?"}
      </span>
      <div className="min-w-0 flex-1 basis-[calc(100%-3rem)] [overflow-wrap:anywhere] sm:basis-auto">{children}</div>
      <div className="ml-12 shrink-0 sm:ml-0 sm:self-center">{action}</div>
    </li>
  );
}

/** Confirmation dialog around a destructive submit button. */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  onConfirm,
  disabled,
}: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  disabled?: boolean;
}) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild disabled={disabled}>
        {trigger}
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">{description}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="ghost">Cancel</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant="danger" onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
