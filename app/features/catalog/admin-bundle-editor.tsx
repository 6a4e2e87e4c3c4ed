/** The bundle editor (issue 36): pick existing items, set the price, see their sum and the saving. */
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Card } from "~/features/admin/ui";
import type { FieldErrors } from "~/lib/form.server";
import { formatPaise, formatPrice } from "~/lib/money";
import { Button } from "~/ui/button";
import { Field, FormAlert, LabelledOptions, SelectField, TextareaField } from "~/ui/field";
import type { BundleItem } from "./bundles";
import { CLASS_LABELS, CLASS_LEVELS } from "./class-levels";
import { KIND_SHORT_LABELS, STATUS_LABELS, STATUSES, SUBJECT_LABELS, SUBJECTS } from "./labels";

export interface BundleEditorValues {
  title: string;
  category: string;
  classLevel: string;
  status: string;
  price: string;
  description: string;
  itemIds: number[];
}

/** Rupees typed in the price field as paise (NaN when it is not a price yet). */
function typedPaise(price: string) {
  return /^\d{1,7}(\.\d{1,2})?$/.test(price.trim()) ? Math.round(Number(price) * 100) : Number.NaN;
}

export function BundleEditor({
  initial,
  choices,
  errors,
  formError,
}: {
  initial: BundleEditorValues;
  choices: BundleItem[];
  errors: FieldErrors;
  formError?: string;
}) {
  const busy = useNavigation().state !== "idle";
  const [chosen, setChosen] = useState(() => new Set(initial.itemIds));
  const [price, setPrice] = useState(initial.price);
  const sum = choices.filter((c) => chosen.has(c.id)).reduce((s, c) => s + c.pricePaise, 0);
  const paise = typedPaise(price);
  const saving = Number.isNaN(paise) ? null : sum - paise;
  const toggle = (id: number, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <Form method="post" className="space-y-6" noValidate>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <Card title="Bundle">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <Field
              label="Title"
              name="title"
              error={errors.title}
              defaultValue={initial.title}
              required
              maxLength={200}
            />
          </div>
          <SelectField label="Category" name="category" error={errors.category} defaultValue={initial.category}>
            <LabelledOptions values={SUBJECTS} labels={SUBJECT_LABELS} />
          </SelectField>
          <SelectField label="Class" name="classLevel" error={errors.classLevel} defaultValue={initial.classLevel}>
            <option value="">Choose a class</option>
            <LabelledOptions values={CLASS_LEVELS} labels={CLASS_LABELS} />
          </SelectField>
          <Field
            label="Bundle price (₹, before GST)"
            name="price"
            inputMode="decimal"
            error={errors.price}
            value={price}
            onChange={(e) => setPrice(e.currentTarget.value)}
            hint="Below the sum of the items. A buyer who owns some of them pays less by their prices (at least ₹1)."
          />
          <SelectField label="Status" name="status" error={errors.status} defaultValue={initial.status}>
            <LabelledOptions values={STATUSES} labels={STATUS_LABELS} />
          </SelectField>
          <div className="sm:col-span-2">
            <TextareaField
              label="Description"
              name="description"
              error={errors.description}
              rows={3}
              defaultValue={initial.description}
            />
          </div>
        </div>
      </Card>
      <Card title="Items">
        <fieldset aria-describedby={errors.items ? "bundle-items-error" : undefined}>
          <legend className="sr-only">Items in the bundle</legend>
          {errors.items ? (
            <p id="bundle-items-error" className="mb-3 text-sm text-red-700">
              {errors.items}
            </p>
          ) : null}
          {choices.length === 0 ? (
            <p className="text-sm text-slate-600">No items yet: add courses, notes, papers or tests first.</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {choices.map((c) => (
                <li key={c.id} className="flex items-start gap-3 py-2">
                  <input
                    type="checkbox"
                    id={`item_${c.id}`}
                    name={`item_${c.id}`}
                    checked={chosen.has(c.id)}
                    onChange={(e) => toggle(c.id, e.currentTarget.checked)}
                    className="mt-1 h-5 w-5 shrink-0 accent-brand-600"
                  />
                  <label htmlFor={`item_${c.id}`} className="min-w-0 flex-1 text-sm text-slate-800">
                    <span className="font-medium">{c.title}</span>
                    <span className="block text-xs text-slate-500">
                      {KIND_SHORT_LABELS[c.kind]} · {STATUS_LABELS[c.status]}
                    </span>
                  </label>
                  <span className="shrink-0 text-sm font-semibold text-slate-900">{formatPrice(c.pricePaise)}</span>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        <dl className="mt-4 space-y-1 border-t border-slate-200 pt-3 text-sm" aria-live="polite">
          <div className="flex justify-between gap-4">
            <dt>{chosen.size} items, bought one by one</dt>
            <dd data-testid="bundle-editor-sum">{formatPaise(sum)}</dd>
          </div>
          <div className="flex justify-between gap-4 font-semibold">
            <dt>Saving at this price</dt>
            <dd className={saving !== null && saving <= 0 ? "text-red-700" : "text-emerald-700"}>
              {saving === null ? "—" : saving > 0 ? formatPaise(saving) : "None: set a price below the sum"}
            </dd>
          </div>
        </dl>
      </Card>
      <Button type="submit" disabled={busy}>
        Save bundle
      </Button>
    </Form>
  );
}
