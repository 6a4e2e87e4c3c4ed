/**
 * Settings' "Sample content" card: how many sample rows of each kind the store still holds, and
 * "Remove all sample content" behind the admin's confirmation dialog (the removal itself:
 * sample-content.server.ts).
 */
import { useSubmit } from "react-router";
import { Card, ConfirmDialog } from "~/features/admin/ui";
import { countOf } from "~/lib/numbers";
import { Button } from "~/ui/button";
import { REMOVE_SAMPLE_CONFIRMATION, SAMPLE_KINDS, type SampleCounts } from "./sample-content";

export function SampleContentCard({ counts, busy }: { counts: SampleCounts; busy: boolean }) {
  const submit = useSubmit();
  const shown = SAMPLE_KINDS.filter(({ key }) => counts[key] > 0);
  return (
    <Card title="Sample content">
      <div id="sample-content" data-testid="sample-content" className="space-y-4 text-sm text-slate-700">
        {shown.length === 0 ? (
          <p>No sample content is left: everything in the store is your own.</p>
        ) : (
          <>
            <p>
              A new install comes with a sample store to try everything with. It is not yours: its reviews are marked
              “Sample review” and its accounts are not counted as students. Remove it before you open the store.
            </p>
            <ul className="grid grid-cols-1 gap-x-8 gap-y-1 sm:grid-cols-2" aria-label="Sample content left">
              {shown.map(({ key, singular, plural }) => (
                <li key={key} className="flex items-baseline gap-2 text-slate-800">
                  <span aria-hidden className="h-1.5 w-1.5 shrink-0 rounded-full bg-amber-500" />
                  {countOf(counts[key], singular, plural)}
                </li>
              ))}
            </ul>
            <p className="text-slate-600">
              Your own items, orders, accounts and uploads stay. A sample item somebody has ordered is archived instead
              (its orders and invoices are records).
            </p>
            <ConfirmDialog
              title="Remove all sample content?"
              description="Every sample item with its lessons, videos and reviews, the sample accounts, questions, banners, testimonials, toppers, subject services and highlights are deleted. This cannot be undone."
              confirmLabel="Remove all sample content"
              disabled={busy}
              onConfirm={() =>
                submit({ intent: "removeSample", confirm: REMOVE_SAMPLE_CONFIRMATION }, { method: "post" })
              }
              trigger={
                <Button type="button" variant="danger">
                  Remove all sample content
                </Button>
              }
            />
          </>
        )}
      </div>
    </Card>
  );
}
