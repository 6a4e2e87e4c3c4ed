import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { dbContext, userContext } from "~/features/accounts/context.server";
import { AdminErrorBoundary } from "~/features/admin/route-error";
import { AdminTable } from "~/features/admin/table";
import { BackLink, Badge, Card, PageHeader } from "~/features/admin/ui";
import { KIND_LABELS, KINDS } from "~/features/catalog/labels";
import {
  createCoupon,
  getCoupon,
  listCoupons,
  setCouponActive,
  updateCoupon,
} from "~/features/checkout/coupons.server";
import { couponSchema } from "~/features/checkout/schema";
import { formatDate, istDateStamp } from "~/lib/dates";
import { invariantResponse } from "~/lib/errors";
import { redirectWithFlash } from "~/lib/flash.server";
import { failureFrom, formFailure, formValues, readForm, schemaFields, validate } from "~/lib/form.server";
import { idSchema } from "~/lib/id";
import { formatPaise, paiseToDecimal } from "~/lib/money";
import { Button } from "~/ui/button";
import { Field, FormAlert, LabelledOptions, SelectField } from "~/ui/field";
import type { Route } from "./+types/coupons";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Coupons | Admin | Commerce Academy" }, { name: "robots", content: "noindex" }];
}

const editSchema = idSchema.optional().catch(undefined);

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const editId = editSchema.parse(new URL(request.url).searchParams.get("edit") ?? undefined);
  const [coupons, editing] = await Promise.all([
    listCoupons(db),
    editId ? getCoupon(db, editId).catch(() => null) : Promise.resolve(null),
  ]);
  invariantResponse(!editId || editing, "Coupon not found.", 404);
  return { coupons, editing };
}

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create") }).passthrough(),
  z.object({ intent: z.literal("update"), id: idSchema }).passthrough(),
  z.object({
    intent: z.literal("toggle"),
    id: idSchema,
    active: z.enum(["true", "false"]),
  }),
]);

/** What a refusal sends back: the coupon form's fields. */
const COUPON_FIELDS = [...schemaFields(couponSchema), "intent", "id"];

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = context.get(userContext);
  const form = await readForm(request);
  const intent = intentSchema.safeParse(form);
  if (!intent.success) return formFailure({ formError: "Unknown action.", values: formValues(form, COUPON_FIELDS) });
  try {
    if (intent.data.intent === "toggle") {
      const row = await setCouponActive(db, admin.id, intent.data.id, intent.data.active === "true");
      return redirectWithFlash("/admin/coupons", `Coupon ${row.code} ${row.active ? "enabled" : "disabled"}.`);
    }
    const parsed = validate(couponSchema, form);
    if (!parsed.ok) return formFailure(parsed);
    const row =
      intent.data.intent === "create"
        ? await createCoupon(db, admin.id, parsed.data)
        : await updateCoupon(db, admin.id, intent.data.id, parsed.data);
    return redirectWithFlash("/admin/coupons", `Coupon ${row.code} saved.`);
  } catch (error) {
    return failureFrom(error, formValues(form, COUPON_FIELDS));
  }
}

/** The coupon's start or end day in India, as the date input takes it. */
const day = (d: Date | string | null) => (d ? istDateStamp(d) : "");

export default function Coupons({ loaderData, actionData }: Route.ComponentProps) {
  const { coupons, editing } = loaderData;
  const errors = actionData?.fieldErrors ?? {};
  const values: Record<string, string> = actionData?.values ?? {};
  const busy = useNavigation().state !== "idle";
  const v = (k: string, fallback: string) => (typeof values[k] === "string" ? (values[k] as string) : fallback);
  const e = editing;
  return (
    <div className="space-y-6">
      <BackLink to="/admin/sales">Sales & Reports</BackLink>
      <PageHeader title="Coupons" subtitle="Discount codes customers type at checkout." />
      {actionData?.formError ? <FormAlert>{actionData.formError}</FormAlert> : null}
      <Card title={e ? `Edit coupon ${e.code}` : "New coupon"}>
        <Form method="post" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" noValidate key={e?.id ?? "new"}>
          <input type="hidden" name="intent" value={e ? "update" : "create"} />
          {e ? <input type="hidden" name="id" value={e.id} /> : null}
          <Field label="Code" name="code" error={errors.code}>
            {(p) => <input {...p} className={`${p.className} uppercase`} defaultValue={v("code", e?.code ?? "")} />}
          </Field>
          <SelectField label="Type" name="kind" error={errors.kind} defaultValue={v("kind", e?.kind ?? "percent")}>
            <option value="percent">Percent off</option>
            <option value="fixed">Fixed amount off (₹)</option>
          </SelectField>
          <Field
            label="Value"
            name="value"
            error={errors.value}
            hint="Percent (1–100) or rupees."
            inputMode="decimal"
            defaultValue={v("value", e ? (e.kind === "percent" ? String(e.value) : paiseToDecimal(e.value)) : "")}
          />
          <SelectField
            label="Applies to"
            name="productKind"
            error={errors.productKind}
            defaultValue={v("productKind", e?.productKind ?? "any")}
          >
            <option value="any">Any item</option>
            <LabelledOptions values={KINDS} labels={KIND_LABELS} />
          </SelectField>
          <Field
            label="Minimum subtotal (₹)"
            name="minSubtotal"
            error={errors.minSubtotal}
            inputMode="decimal"
            defaultValue={v("minSubtotal", e ? paiseToDecimal(e.minSubtotalPaise) : "0")}
          />
          <Field
            label="Starts (date)"
            name="startsAt"
            error={errors.startsAt}
            type="date"
            defaultValue={v("startsAt", day(e?.startsAt ?? null))}
          />
          <Field
            label="Ends (date)"
            name="endsAt"
            error={errors.endsAt}
            type="date"
            defaultValue={v("endsAt", day(e?.endsAt ?? null))}
          />
          <Field
            label="Maximum uses"
            name="maxUses"
            error={errors.maxUses}
            hint="Empty = unlimited."
            inputMode="numeric"
            defaultValue={v("maxUses", e?.maxUses ? String(e.maxUses) : "")}
          />
          <div className="flex gap-2 sm:col-span-2 lg:col-span-4">
            <Button type="submit" disabled={busy}>
              {e ? "Save coupon" : "Create coupon"}
            </Button>
            {e ? (
              <Button asChild variant="ghost">
                <Link to="/admin/coupons">Cancel</Link>
              </Button>
            ) : null}
          </div>
        </Form>
      </Card>
      <Card title="All coupons">
        {coupons.length === 0 ? (
          <p className="text-sm text-slate-600">No coupons yet.</p>
        ) : (
          <AdminTable
            label="Coupons"
            rows={coupons}
            rowKey={(c) => c.id}
            columns={[
              { header: "Code", role: "title", cell: (c) => <span className="font-mono font-semibold">{c.code}</span> },
              {
                header: "Discount",
                cell: (c) =>
                  `${c.kind === "percent" ? `${c.value}%` : formatPaise(c.value)}${
                    c.productKind ? ` on ${c.productKind === "pyq" ? "PYQ" : `${c.productKind}s`}` : ""
                  }`,
              },
              { header: "Valid", cell: (c) => `${formatDate(c.startsAt)} – ${formatDate(c.endsAt)}` },
              {
                header: "Usage",
                cell: (c) =>
                  `${c.usedCount}${c.maxUses ? ` / ${c.maxUses}` : ""} uses · ${formatPaise(c.discountPaise)} given`,
              },
              {
                header: "Status",
                cell: (c) => (
                  <Badge tone={c.active ? "success" : "cancelled"}>{c.active ? "Active" : "Disabled"}</Badge>
                ),
              },
              {
                header: "Actions",
                role: "actions",
                cell: (c) => (
                  <>
                    <Button asChild size="sm" variant="ghost">
                      <Link to={`/admin/coupons?edit=${c.id}`} aria-label={`Edit ${c.code}`}>
                        Edit
                      </Link>
                    </Button>
                    <Form method="post">
                      <input type="hidden" name="intent" value="toggle" />
                      <input type="hidden" name="id" value={c.id} />
                      <input type="hidden" name="active" value={String(!c.active)} />
                      <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                        {c.active ? "Disable" : "Enable"}
                      </Button>
                    </Form>
                  </>
                ),
              },
            ]}
          />
        )}
      </Card>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
