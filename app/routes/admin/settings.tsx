import { ShieldCheck } from "lucide-react";
import { useEffect } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { Toaster, toast } from "sonner";
import { getDb } from "~/db/client.server";
import { requireAdmin } from "~/features/accounts/guards.server";
import { readFlash, redirectWithFlash } from "~/features/admin/flash.server";
import { AdminErrorBoundary } from "~/features/admin/route-error";
import { fieldErrors } from "~/features/admin/schema";
import { Card, Field, inputClass, PageHeader, TOAST_MS } from "~/features/admin/ui";
import { getSettings, settingsSchema, updateSettings } from "~/features/settings/settings.server";
import { readForm } from "~/lib/form.server";
import { Button } from "~/ui/button";
import type { Route } from "./+types/settings";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Settings | Admin | Commerce Academy" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const db = await getDb();
  await requireAdmin(db, request);
  const [settings, { flash, headers }] = await Promise.all([getSettings(db), readFlash(request)]);
  return data({ settings, flash }, { headers });
}

export async function action({ request }: Route.ActionArgs) {
  const db = await getDb();
  const admin = await requireAdmin(db, request);
  const form = await readForm(request);
  const parsed = settingsSchema.safeParse({ ...form, maintenanceMode: form.maintenanceMode === "on" });
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values: form }, { status: 400 });
  await updateSettings(db, admin.id, parsed.data);
  return redirectWithFlash("/admin/settings", { kind: "success", message: "Settings saved." });
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, flash } = loaderData;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values: Record<string, unknown> = actionData?.values ?? {};
  const busy = useNavigation().state !== "idle";
  const v = (k: keyof typeof settings) =>
    typeof values[k] === "string" ? (values[k] as string) : String(settings[k] ?? "");
  useEffect(() => {
    if (flash) toast.success(flash.message, { duration: TOAST_MS });
  }, [flash]);
  return (
    <div className="space-y-6">
      <Toaster position="top-right" duration={TOAST_MS} richColors />
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
      {flash ? (
        <noscript>
          <p
            role="status"
            className="rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-800"
          >
            {flash.message}
          </p>
        </noscript>
      ) : null}
      {Object.keys(errors).length ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
          Please correct the highlighted fields.
        </p>
      ) : null}
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
