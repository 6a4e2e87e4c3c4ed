import type * as React from "react";
import { cn } from "./cn";

export const inputClass =
  "block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-brand-600 aria-[invalid=true]:border-red-600";

/** What a custom control (select, textarea, file input…) spreads to be wired to its label and messages. */
export interface FieldControlProps {
  id: string;
  name: string;
  className: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/**
 * The one form field: a label, the control, its hint and its error next to it (aria-invalid +
 * aria-describedby). An `<input>` by default (extra props go to it); for any other control pass a
 * function as children: `<Field label="Class" name="classLevel" error={e}>{(p) => <select {...p}>…</select>}</Field>`.
 * The id is `field-<name>` unless `id` is given (give one when a page has two fields of one name).
 */
export function Field({
  label,
  name,
  error,
  hint,
  className,
  children,
  ...props
}: Omit<React.ComponentProps<"input">, "children"> & {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  children?: (control: FieldControlProps) => React.ReactNode;
}) {
  const id = props.id ?? `field-${name}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  const control: FieldControlProps = {
    id,
    name,
    className: inputClass,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
  };
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children ? children(control) : <input {...control} {...props} id={id} />}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function FormAlert({ tone = "error", children }: { tone?: "error" | "success"; children: React.ReactNode }) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn(
        "rounded-lg border px-4 py-3 text-sm",
        tone === "error"
          ? "border-red-200 bg-red-50 text-red-800"
          : "border-emerald-200 bg-emerald-50 text-emerald-800",
      )}
    >
      {children}
    </div>
  );
}
