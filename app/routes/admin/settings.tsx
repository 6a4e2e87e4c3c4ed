import { ShieldCheck } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { getDb } from "~/db/client.server";
import { requireAdmin } from "~/features/accounts/guards.server";
import { AdminErrorBoundary } from "~/features/admin/route-error";
import { Card, PageHeader } from "~/features/admin/ui";
import { StateField } from "~/features/gst/state-field";
import { getSettings, settingsSchema, updateSettings } from "~/features/settings/settings.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { formFailure, formValues, readForm, validate } from "~/lib/form.server";
import { Button } from "~/ui/button";
import { Field, FormAlert, inputClass } from "~/ui/field";
import type { Route } from "./+types/settings";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Settings | Admin | Commerce Academy" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const db = await getDb();
  await requireAdmin(db, request);
  return { settings: await getSettings(await getDb()) };
}

export async function action({ request }: Route.ActionArgs) {
  const db = await getDb();
  const admin = await requireAdmin(db, request);
  const form = await readForm(request);
  const parsed = validate(settingsSchema, { ...form, maintenanceMode: form.maintenanceMode === "on" });
  if (!parsed.ok) return formFailure({ ...parsed, values: formValues(form) });
  await updateSettings(db, admin.id, parsed.data);
  return redirectWithFlash("/admin/settings", "Settings saved.");
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = loaderData;
  const errors = actionData?.fieldErrors ?? {};
  const values: Record<string, string> = actionData?.values ?? {};
  const busy = useNavigation().state !== "idle";
  const v = (k: keyof typeof settings) =>
    typeof values[k] === "string" ? (values[k] as string) : String(settings[k] ?? "");
  return (
    <div className="space-y-6">
      <PageHeader
        title="Settings"
        actions={
          <Button asChild variant="secondary">
            <Link to="/admin/settings/role">
              <ShieldCheck className="h-4 w-4" aria-hidden /> Admin roles
            </Link>
          </Button>
        }
      />
      {Object.keys(errors).length ? <FormAlert>Please correct the highlighted fields.</FormAlert> : null}
      <Form method="post" noValidate className="space-y-6">
        <Card title="Site">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Site contact email" name="siteContactEmail" error={errors.siteContactEmail}>
              {(p) => <input {...p} type="email" className={inputClass} defaultValue={v("siteContactEmail")} />}
            </Field>
            <Field
              label="Default access level"
              name="defaultAccessLevel"
              error={errors.defaultAccessLevel}
              hint="The role a new sign-up gets."
            >
              {(p) => (
                <select {...p} className={inputClass} defaultValue={v("defaultAccessLevel")}>
                  <option value="student">student</option>
                  <option value="instructor">instructor</option>
                  <option value="guest">guest</option>
                </select>
              )}
            </Field>
            <Field
              label="WhatsApp number (chat widget)"
              name="whatsappNumber"
              error={errors.whatsappNumber}
              hint="With country code, e.g. 919876543210."
            >
              {(p) => <input {...p} inputMode="tel" className={inputClass} defaultValue={v("whatsappNumber")} />}
            </Field>
            <div className="flex items-start gap-3 pt-6">
              <input
                id="maintenanceMode"
                name="maintenanceMode"
                type="checkbox"
                className="mt-1 h-5 w-5 accent-brand-600"
                defaultChecked={actionData ? values.maintenanceMode === "on" : settings.maintenanceMode}
                aria-describedby="maintenance-hint"
              />
              <div>
                <label htmlFor="maintenanceMode" className="text-sm font-medium text-slate-800">
                  Maintenance mode
                </label>
                <p id="maintenance-hint" className="text-xs text-slate-500">
                  Public pages answer “We'll be right back” (503); admins still see everything; /login stays open.
                </p>
              </div>
            </div>
          </div>
        </Card>
        <Card title="Seller details for invoices">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Seller name" name="sellerName" error={errors.sellerName}>
              {(p) => <input {...p} className={inputClass} defaultValue={v("sellerName")} />}
            </Field>
            <Field label="GSTIN" name="sellerGstin" error={errors.sellerGstin}>
              {(p) => (
                <input {...p} className={`${inputClass} uppercase`} defaultValue={v("sellerGstin")} maxLength={15} />
              )}
            </Field>
            <StateField
              name="sellerStateCode"
              label="Seller state (GST registration)"
              defaultValue={v("sellerStateCode")}
              error={errors.sellerStateCode}
              hint="Buyers in this state pay CGST + SGST; everyone else IGST."
            />
            <Field
              label="SAC on invoices"
              name="sacCode"
              error={errors.sacCode}
              hint="999293: commercial training and coaching services."
            >
              {(p) => (
                <input {...p} className={inputClass} defaultValue={v("sacCode")} inputMode="numeric" maxLength={8} />
              )}
            </Field>
            <div className="sm:col-span-2">
              <Field label="Seller address" name="sellerAddress" error={errors.sellerAddress}>
                {(p) => (
                  <textarea {...p} rows={2} className={`${inputClass} h-auto py-2`} defaultValue={v("sellerAddress")} />
                )}
              </Field>
            </div>
          </div>
        </Card>
        <Button type="submit" disabled={busy}>
          Save settings
        </Button>
      </Form>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
