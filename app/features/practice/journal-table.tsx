/** A journal entry laid out as in a board answer: Particulars (debits, then "To" credits indented), Dr and Cr columns. */
import { Check, X } from "lucide-react";
import { formatCount } from "~/lib/numbers";
import { cn } from "~/ui/cn";
import type { JournalTableLine } from "./journal";

export function JournalTable({ lines, caption }: { lines: JournalTableLine[]; caption: string }) {
  const marked = lines.some((l) => l.right !== undefined);
  const amount = (l: JournalTableLine) => (typeof l.amount === "number" ? formatCount(l.amount) : l.amount);
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="mb-1 text-left text-sm font-semibold text-slate-700">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300 text-left text-slate-600">
            {marked ? (
              <th scope="col" className="w-6 py-1">
                <span className="sr-only">Line right?</span>
              </th>
            ) : null}
            <th scope="col" className="py-1 pr-2 font-semibold">
              Particulars
            </th>
            <th scope="col" className="whitespace-nowrap py-1 pr-2 text-right font-semibold">
              Dr (₹)
            </th>
            <th scope="col" className="whitespace-nowrap py-1 text-right font-semibold">
              Cr (₹)
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their order
            <tr key={i} className="border-b border-slate-100 align-top">
              {marked ? (
                <td className="py-1">
                  {l.right ? (
                    <Check className="h-4 w-4 text-emerald-700" aria-label="Right" />
                  ) : (
                    <X className="h-4 w-4 text-red-700" aria-label="Not in the entry" />
                  )}
                </td>
              ) : null}
              <td className={cn("py-1 pr-2 text-slate-900", l.side === "cr" && "pl-6")}>
                {l.side === "cr" ? `To ${l.account.replace(/^to\s+/i, "")}` : l.account}
              </td>
              <td className="py-1 pr-2 text-right tabular-nums">{l.side === "dr" ? amount(l) : ""}</td>
              <td className="py-1 text-right tabular-nums">{l.side === "cr" ? amount(l) : ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
