/**
 * The one table of the admin screens (README "Conventions"): a plain table from the `sm`
 * breakpoint up, and below it one card per row: the row's title first, then each column as
 * "label  value", then its actions on a line of their own. Nothing scrolls sideways on a phone and
 * every action stays on screen. Pure CSS: the server renders it and it costs no client code.
 */
import type { ReactNode } from "react";
import { cn } from "~/ui/cn";

export interface AdminColumn<Row> {
  /** The column heading; on a phone, the label before the value. */
  header: string;
  cell: (row: Row) => ReactNode;
  /**
   * "title": the row's name (first, without a label, on a phone); "actions": its buttons (last,
   * without a label, on a phone; right-aligned on wider screens); "number": amounts and counts
   * (right-aligned on wider screens).
   */
  role?: "title" | "actions" | "number";
  /** Extra classes for the cell (e.g. a maximum width). */
  className?: string;
}

export function AdminTable<Row>({
  columns,
  rows,
  rowKey,
  label,
}: {
  columns: AdminColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** What the table lists, for screen readers (e.g. "Orders"). */
  label: string;
}) {
  return (
    <table aria-label={label} className="block w-full text-left text-sm sm:table">
      <thead className="hidden border-b border-slate-200 text-xs uppercase text-slate-500 sm:table-header-group">
        <tr>
          {columns.map((c) => (
            <th
              key={c.header}
              scope="col"
              className={cn("px-3 py-2", c.role === "number" || c.role === "actions" ? "text-right" : "")}
            >
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="block divide-y divide-slate-100 sm:table-row-group">
        {rows.map((row) => (
          <tr key={rowKey(row)} className="block py-3 sm:table-row sm:py-0">
            {columns.map((c) => (
              <td
                key={c.header}
                className={cn(
                  "[overflow-wrap:anywhere] sm:table-cell sm:px-3 sm:py-2 sm:align-middle",
                  c.role === "title"
                    ? "block pb-1 font-medium text-slate-900"
                    : c.role === "actions"
                      ? "block pt-2 sm:text-right"
                      : "flex items-baseline justify-between gap-4 py-0.5 text-right",
                  c.role === undefined ? "sm:text-left" : "",
                  c.className,
                )}
              >
                {c.role === "title" || c.role === "actions" ? null : (
                  <span className="shrink-0 text-left text-xs font-medium uppercase text-slate-500 sm:hidden">
                    {c.header}
                  </span>
                )}
                {c.role === "actions" ? (
                  <div className="flex flex-wrap items-center gap-2 sm:justify-end">{c.cell(row)}</div>
                ) : (
                  <div className="min-w-0">{c.cell(row)}</div>
                )}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
