import { Download } from "lucide-react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { z } from "zod";
import { dbContext, userContext } from "~/features/accounts/context.server";
import { RevenueBarChart } from "~/features/admin/charts";
import { AdminErrorBoundary } from "~/features/admin/route-error";
import { AdminTable } from "~/features/admin/table";
import { Badge, Card, ConfirmDialog, ListSearch, PageHeader, Trend } from "~/features/admin/ui";
import { loadSalesOverview } from "~/features/analytics/metrics.server";
import { refundOrder } from "~/features/orders/refund.server";
import { listOrders } from "~/features/orders/sales.server";
import { formatDateTime } from "~/lib/dates";
import { redirectWithFlash } from "~/lib/flash.server";
import { failureFrom, formFailure, noNul, readForm } from "~/lib/form.server";
import { formatPaise } from "~/lib/money";
import { countOf, formatCount } from "~/lib/numbers";
import { currentFinancialQuarter, monthKey, monthPeriod } from "~/lib/periods";
import { pageRequestSchema } from "~/platform/search/keyset.server";
import { Button } from "~/ui/button";
import { FormAlert, inputClass, SelectField } from "~/ui/field";
import { KeysetPager } from "~/ui/pager";
import { ProgressBar } from "~/ui/progress-bar";
import type { Route } from "./+types/sales";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Sales & Reports | Admin | Commerce Academy" }, { name: "robots", content: "noindex" }];
}

const ORDER_STATUSES = ["pending", "paid", "fulfilled", "failed", "cancelled", "refunded"] as const;
const querySchema = pageRequestSchema.extend({
  q: z.string().max(200).refine(noNul).catch(""),
  status: z.enum([...ORDER_STATUSES, ""]).catch(""),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [overview, orders] = await Promise.all([
    loadSalesOverview(db),
    listOrders(db, { ...query, status: query.status || undefined }),
  ]);
  const current = currentFinancialQuarter(new Date());
  const quarters: { value: string; label: string }[] = [];
  for (let i = 0, fy = current.fyStartYear, q = current.quarter; i < 8; i++) {
    quarters.push({ value: `${fy}-Q${q}`, label: `Q${q} FY ${fy}–${String((fy + 1) % 100).padStart(2, "0")}` });
    q = (q === 1 ? 4 : q - 1) as 1 | 2 | 3 | 4;
    if (q === 4) fy -= 1;
  }
  // GSTR-1 periods: the last 12 months (IST) and the quarters above.
  const months = Array.from({ length: 12 }, (_, i) => monthPeriod(new Date(), -i)).map((m) => ({
    value: monthKey(m.start),
    label: m.label,
  }));
  const gstrPeriods = [...months, ...quarters];
  return { overview, orders, query, quarters, gstrPeriods };
}

const refundSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("refund"), orderId: z.uuid() }),
  z.object({
    intent: z.literal("refund-item"),
    orderId: z.uuid(),
    itemId: z.coerce
      .number()
      .int()
      .positive()
      .max(2 ** 31 - 1),
  }),
]);

/**
 * Refund a paid order: all of it (every line not refunded yet) or one item of it. The refunded
 * lines' enrolments are revoked, a credit note for exactly those lines is issued, the audit log records it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = context.get(userContext);
  const parsed = refundSchema.safeParse(await readForm(request));
  if (!parsed.success) return formFailure({ formError: "Choose an order or an item to refund." });
  const url = new URL(request.url);
  try {
    const form = parsed.data;
    const result = await refundOrder(db, form.orderId, admin.id, {
      itemIds: form.intent === "refund-item" ? [form.itemId] : undefined,
    });
    const what = result.whole
      ? `Order ${result.number} was refunded`
      : `${result.items.join(", ")} of order ${result.number} was refunded`;
    return redirectWithFlash(
      `${url.pathname}${url.search}`,
      `${what}: ${formatPaise(result.amountPaise)}; ${result.revokedEnrolments} enrolment(s) revoked.${
        result.creditNoteNumber ? ` Credit note ${result.creditNoteNumber} issued.` : ""
      }`,
    );
  } catch (error) {
    return failureFrom(error);
  }
}

export default function Sales({ loaderData, actionData }: Route.ComponentProps) {
  const { overview, orders, query, quarters, gstrPeriods } = loaderData;
  const submit = useSubmit();
  const busy = useNavigation().state !== "idle";
  const c = overview.current;
  return (
    <div className="space-y-6">
      <PageHeader title="Sales & Reports" subtitle={`Figures for ${overview.month}, from paid orders.`} />
      {actionData?.formError ? <FormAlert>{actionData.formError}</FormAlert> : null}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Card>
          <p className="text-sm text-slate-600">Monthly revenue, net of GST</p>
          <p className="mt-1 text-2xl font-bold" data-metric="monthly-revenue">
            {formatPaise(c.revenuePaise - c.gstPaise)}
          </p>
          <p className="text-sm text-slate-600">
            GST collected{" "}
            <span className="font-semibold text-slate-800" data-metric="monthly-gst">
              {formatPaise(c.gstPaise)}
            </span>
          </p>
          <Trend value={overview.revenueTrend} unit="%" period={`vs ${overview.previousMonth}`} />
        </Card>
        <Card>
          <p className="text-sm text-slate-600">Refund rate</p>
          <p className="mt-1 text-2xl font-bold" data-metric="refund-rate">
            {c.refundRate}%
          </p>
          <p className="text-xs text-slate-500">
            {formatCount(c.refundedCount)} of {countOf(c.paidOrderCount, "paid order")} refunded
          </p>
        </Card>
        <Card>
          <p className="text-sm text-slate-600">Average order value</p>
          <p className="mt-1 text-2xl font-bold" data-metric="average-order">
            {formatPaise(c.averageOrderPaise)}
          </p>
          <p className="text-xs text-slate-500">
            What a buyer pays, GST included, over {countOf(c.keptOrderCount, "paid order")} not refunded
          </p>
        </Card>
        <Card>
          <p className="text-sm text-slate-600">Free→paid conversion</p>
          <p className="mt-1 text-2xl font-bold" data-metric="conversion">
            {overview.conversion.rate}%
          </p>
          <ProgressBar value={overview.conversion.rate} label="Conversion toward the 85% target" />
          <p className="mt-1 text-xs text-slate-500">
            Target {overview.conversion.target}% · {overview.conversion.converted} of {overview.conversion.free} free
            learners
          </p>
        </Card>
      </div>
      <Card title="Revenue net of GST, last 12 months">
        <RevenueBarChart data={overview.series} />
      </Card>
      <Card title="Coupons">
        <p className="text-sm text-slate-600">
          Create, edit and disable discount codes, and see how often each was used.{" "}
          <Link to="/admin/coupons" className="font-semibold text-brand-700 hover:underline">
            Manage coupons
          </Link>
        </p>
      </Card>
      <Card title="Exports">
        <div className="flex flex-wrap items-end gap-3">
          <Button asChild variant="secondary">
            <a href="/admin/sales/ledger.csv" download>
              <Download className="h-4 w-4" aria-hidden /> Sales ledger (CSV)
            </a>
          </Button>
          <Button asChild variant="secondary">
            <a href="/admin/sales/analytics.pdf" download>
              <Download className="h-4 w-4" aria-hidden /> Analytics (PDF)
            </a>
          </Button>
          <Form
            method="get"
            action="/admin/sales/quarterly-report.pdf"
            reloadDocument
            className="flex min-w-0 flex-wrap items-end gap-2"
          >
            <SelectField
              id="quarter"
              label="Quarter"
              name="quarter"
              className="min-w-0"
              defaultValue={quarters[1]?.value}
            >
              {quarters.map((q) => (
                <option key={q.value} value={q.value}>
                  {q.label}
                </option>
              ))}
            </SelectField>
            <Button type="submit" variant="secondary">
              <Download className="h-4 w-4" aria-hidden /> Quarterly report (PDF)
            </Button>
          </Form>
          <Form
            method="get"
            action="/admin/sales/gstr1.zip"
            reloadDocument
            className="flex min-w-0 flex-wrap items-end gap-2"
          >
            <SelectField
              id="gstr1-period"
              label="GSTR-1 month or quarter"
              name="period"
              className="min-w-0"
              defaultValue={gstrPeriods[1]?.value}
            >
              {gstrPeriods.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </SelectField>
            <Button type="submit" variant="secondary">
              <Download className="h-4 w-4" aria-hidden /> GSTR-1 data (zip)
            </Button>
          </Form>
        </div>
      </Card>
      <Card title="Orders">
        <Form method="get" action="/admin/sales" className="mb-4 flex flex-col gap-2 sm:flex-row">
          <ListSearch
            id="order-search"
            label="Search orders by number or email"
            placeholder="Order number or email…"
            defaultValue={query.q}
          />
          <label htmlFor="order-status" className="sr-only">
            Status
          </label>
          <select id="order-status" name="status" defaultValue={query.status} className={`${inputClass} sm:w-44`}>
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          <Button type="submit" variant="secondary">
            Filter
          </Button>
        </Form>
        {orders.orders.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-600">No orders found.</p>
        ) : (
          <AdminTable
            label="Orders"
            rows={orders.orders}
            rowKey={(o) => o.id}
            columns={[
              { header: "Order", role: "title", cell: (o) => o.number },
              {
                header: "Customer",
                cell: (o) => (
                  <>
                    <Link to={`/admin/users/${o.userId}`} className="hover:underline">
                      {o.customer}
                    </Link>
                    <span className="block text-xs text-slate-500 [overflow-wrap:anywhere]">{o.email}</span>
                  </>
                ),
              },
              {
                header: "Items",
                className: "sm:max-w-64",
                cell: (o) => {
                  const open = o.lines.filter((l) => !l.refunded);
                  const partable = (o.status === "paid" || o.status === "fulfilled") && open.length > 1;
                  return (
                    <ul className="space-y-1">
                      {o.lines.map((l) => (
                        <li key={l.id} className="flex flex-wrap items-center gap-x-2">
                          <span className={l.refunded ? "text-slate-500 line-through" : undefined}>{l.title}</span>
                          {l.refunded ? <span className="text-xs text-slate-600">Refunded</span> : null}
                          {partable && !l.refunded ? (
                            <ConfirmDialog
                              title={`Refund "${l.title}" of order ${o.number}?`}
                              description={`Its price with its share of any discount and its GST goes back to ${o.customer} (${o.email}), their access to "${l.title}" is revoked and a credit note for this item is issued and emailed. The rest of the order stays. This cannot be undone.`}
                              confirmLabel="Refund item"
                              disabled={busy}
                              onConfirm={() =>
                                submit(
                                  { intent: "refund-item", orderId: o.id, itemId: String(l.id) },
                                  { method: "post" },
                                )
                              }
                              trigger={
                                <Button
                                  type="button"
                                  size="sm"
                                  variant="dangerGhost"
                                  aria-label={`Refund ${l.title} of ${o.number}`}
                                >
                                  Refund item
                                </Button>
                              }
                            />
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  );
                },
              },
              { header: "Date", cell: (o) => formatDateTime(o.paidAt ?? o.createdAt) },
              { header: "Status", cell: (o) => <Badge>{o.status}</Badge> },
              { header: "Total", role: "number", cell: (o) => formatPaise(o.totalPaise) },
              {
                header: "Actions",
                role: "actions",
                cell: (o) => (
                  <div className="flex flex-wrap items-center gap-1">
                    {o.invoiceNumber ? (
                      <Button asChild size="sm" variant="ghost">
                        <a href={`/admin/orders/${o.id}/invoice.pdf`} download aria-label={`Invoice of ${o.number}`}>
                          Invoice
                        </a>
                      </Button>
                    ) : null}
                    {o.creditNotes.map((number, i) => (
                      <Button key={number} asChild size="sm" variant="ghost">
                        <a
                          href={`/admin/orders/${o.id}/credit-note.pdf?number=${encodeURIComponent(number)}`}
                          download
                          aria-label={`Credit note ${number} of ${o.number}`}
                        >
                          {o.creditNotes.length > 1 ? `Credit note ${i + 1}` : "Credit note"}
                        </a>
                      </Button>
                    ))}
                    {o.status === "paid" || o.status === "fulfilled" ? (
                      <ConfirmDialog
                        title={
                          o.lines.some((l) => l.refunded)
                            ? `Refund the rest of order ${o.number}?`
                            : `Refund order ${o.number}?`
                        }
                        description={
                          o.lines.some((l) => l.refunded)
                            ? `What is left of the order goes back to ${o.customer} (${o.email}) and their access to ${o.lines
                                .filter((l) => !l.refunded)
                                .map((l) => l.title)
                                .join(
                                  ", ",
                                )} is revoked. A credit note for those items is issued and emailed. This cannot be undone.`
                            : `${formatPaise(o.totalPaise)} goes back to ${o.customer} (${o.email}) and their access to ${o.items ?? "the items"} is revoked. A credit note reversing the invoice is issued and emailed. This cannot be undone.`
                        }
                        confirmLabel="Refund"
                        disabled={busy}
                        onConfirm={() => submit({ intent: "refund", orderId: o.id }, { method: "post" })}
                        trigger={
                          <Button type="button" size="sm" variant="dangerGhost" aria-label={`Refund ${o.number}`}>
                            Refund
                          </Button>
                        }
                      />
                    ) : null}
                  </div>
                ),
              },
            ]}
          />
        )}
        <KeysetPager list={orders} path="/admin/sales" params={{ q: query.q, status: query.status }} />
      </Card>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
