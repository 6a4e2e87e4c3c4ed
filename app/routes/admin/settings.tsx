import { ShieldCheck } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { dbContext, userContext } from "~/features/accounts/context.server";
import { AdminErrorBoundary } from "~/features/admin/route-error";
import { Card, PageHeader } from "~/features/admin/ui";
import { GstinField } from "~/features/gst/gstin-field";
import { SacField } from "~/features/gst/sac-field";
import { StateField } from "~/features/gst/state-field";
import { invoiceSigningStatus, type SigningStatus } from "~/features/orders/signing.server";
import { SampleContentCard } from "~/features/settings/admin-sample-content";
import { CONFIRMATION_MISSING, NOTHING_LEFT, REMOVE_SAMPLE_CONFIRMATION } from "~/features/settings/sample-content";
import { removeSampleContent, sampleContentCounts } from "~/features/settings/sample-content.server";
import {
  getSettings,
  settingsSchema,
  signatorySchema,
  updateSettings,
  updateSignatory,
} from "~/features/settings/settings.server";
import { formatDate } from "~/lib/dates";
import { redirectWithFlash } from "~/lib/flash.server";
import { failureFrom, formFailure, formValues, readForm, validate } from "~/lib/form.server";
import { SIGNATURE_IMAGE_LIMIT } from "~/platform/files/upload.server";
import { Button } from "~/ui/button";
import { CheckboxField, Field, FormAlert, SelectField, TextareaField } from "~/ui/field";
import type { Route } from "./+types/settings";

const SAC_FIELDS = [
  { name: "sacCode", label: "Courses" },
  { name: "sacCodeNotes", label: "Notes and PYQ papers" },
  { name: "sacCodeTests", label: "Practice tests" },
] as const;

export function meta(_: Route.MetaArgs) {
  return [{ title: "Settings | Admin | Commerce Academy" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const [settings, sample] = await Promise.all([getSettings(db), sampleContentCounts(db)]);
  return { settings, sample, signing: invoiceSigningStatus() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = context.get(userContext);
  // The signatory's form carries an image: room for one over its limit, so that one gets the message about the file.
  const form = await readForm(request, { maxBytes: 2 * SIGNATURE_IMAGE_LIMIT });
  if (form.intent === "removeSample") {
    // "Remove all sample content": only with the dialog's confirmation; one transaction, audited.
    if (form.confirm !== REMOVE_SAMPLE_CONFIRMATION) return formFailure({ formError: CONFIRMATION_MISSING });
    const removal = await removeSampleContent(db, admin.id);
    return redirectWithFlash("/admin/settings", removal ? removal.summary : NOTHING_LEFT);
  }
  if (form.intent === "signatory") {
    // The authorised signatory's own form: the name, and a new signature image or its removal.
    const sent = validate(signatorySchema, { ...form, removeSignatureImage: form.removeSignatureImage === "on" });
    if (!sent.ok) return formFailure(sent);
    // Browsers send an empty part when no file was chosen.
    const image = form.signatureImage instanceof File && form.signatureImage.size > 0 ? form.signatureImage : null;
    try {
      await updateSignatory(db, admin.id, { ...sent.data, signatureImage: image });
    } catch (error) {
      return failureFrom(error, sent.values);
    }
    return redirectWithFlash("/admin/settings", "Authorised signatory saved.");
  }
  const parsed = validate(settingsSchema, { ...form, maintenanceMode: form.maintenanceMode === "on" });
  if (!parsed.ok) return formFailure({ ...parsed, values: formValues(form, settingsSchema) });
  await updateSettings(db, admin.id, parsed.data);
  return redirectWithFlash("/admin/settings", "Settings saved.");
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, sample, signing } = loaderData;
  const errors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
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
      {actionData && "formError" in actionData && actionData.formError ? (
        <FormAlert>{actionData.formError}</FormAlert>
      ) : null}
      {Object.keys(errors).length ? <FormAlert>Please correct the highlighted fields.</FormAlert> : null}
      <Form method="post" noValidate className="space-y-6">
        <Card title="Site">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Site contact email"
              name="siteContactEmail"
              error={errors.siteContactEmail}
              type="email"
              defaultValue={v("siteContactEmail")}
            />
            <SelectField
              label="Default access level"
              name="defaultAccessLevel"
              error={errors.defaultAccessLevel}
              hint="The role a new sign-up gets."
              defaultValue={v("defaultAccessLevel")}
            >
              <option value="student">student</option>
              <option value="instructor">instructor</option>
              <option value="guest">guest</option>
            </SelectField>
            <Field
              label="WhatsApp number (chat widget)"
              name="whatsappNumber"
              error={errors.whatsappNumber}
              hint="With country code, e.g. 919876543210. Empty: no WhatsApp chat button on the store."
              inputMode="tel"
              defaultValue={v("whatsappNumber")}
            />
            <CheckboxField
              id="maintenanceMode"
              label="Maintenance mode"
              name="maintenanceMode"
              className="pt-6"
              hint="Public pages answer “We'll be right back” (503); admins still see everything; /login stays open."
              defaultChecked={actionData ? values.maintenanceMode === "on" : settings.maintenanceMode}
            />
          </div>
        </Card>
        <Card title="Seller details for invoices">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Seller name" name="sellerName" error={errors.sellerName} defaultValue={v("sellerName")} />
            <GstinField name="sellerGstin" defaultValue={v("sellerGstin")} error={errors.sellerGstin} />
            <StateField
              name="sellerStateCode"
              label="Seller state (GST registration)"
              defaultValue={v("sellerStateCode")}
              error={errors.sellerStateCode}
              hint="Buyers in this state pay CGST + SGST; everyone else IGST."
            />
            <div className="sm:col-span-2">
              <TextareaField
                label="Seller address"
                name="sellerAddress"
                error={errors.sellerAddress}
                rows={2}
                defaultValue={v("sellerAddress")}
              />
            </div>
          </div>
        </Card>
        <Card title="SAC on invoice lines">
          <p className="mb-4 text-sm text-slate-600">
            Each invoice line prints the SAC of its kind of product, as it was when the order was placed.
          </p>
          <div className="grid gap-4">
            {SAC_FIELDS.map(({ name, label }) => (
              <SacField key={name} name={name} label={label} defaultValue={v(name)} error={errors[name]} />
            ))}
          </div>
        </Card>
        <Button type="submit" disabled={busy}>
          Save settings
        </Button>
      </Form>
      <Card title="Authorised signatory on invoices">
        {/* Keyed by the image: a saved upload empties the file field (no second upload by mistake). */}
        <Form
          key={settings.signatureImageKey ?? "none"}
          method="post"
          encType="multipart/form-data"
          noValidate
          className="grid grid-cols-1 gap-4 sm:grid-cols-2"
        >
          <input type="hidden" name="intent" value="signatory" />
          <div className="sm:col-span-2 text-sm text-slate-600">
            Invoices and credit notes print “For {settings.sellerName}”, the signature image and the name above
            “Authorised signatory”. Documents already issued keep the signature they were issued with.
          </div>
          <Field
            label="Signatory's name"
            name="signatoryName"
            error={errors.signatoryName}
            hint="Printed under the signature."
            maxLength={100}
            className="sm:col-span-2"
            defaultValue={values.intent === "signatory" ? values.signatoryName : settings.signatoryName}
          />
          <div>
            <p className="text-sm font-medium text-slate-800">Current signature</p>
            {settings.signatureImageKey ? (
              <img
                src={`/admin/settings/signature-image?v=${settings.signatureImageKey.slice(11, 23)}`}
                alt="The signature printed on invoices"
                className="mt-1.5 h-16 w-auto max-w-full rounded-lg border border-slate-200 bg-white object-contain p-1"
              />
            ) : (
              <p className="mt-1.5 text-sm text-slate-500">
                None: documents say they are computer-generated and need no signature.
              </p>
            )}
          </div>
          <div className="space-y-3">
            <Field
              label={settings.signatureImageKey ? "Replace the signature image" : "Signature image"}
              name="signatureImage"
              error={errors.signatureImage}
              hint="PNG or JPEG, up to 1 MB; a transparent PNG about 600 × 200 pixels prints best."
            >
              {(p) => <input {...p} type="file" accept="image/png,image/jpeg" className="w-full max-w-full text-sm" />}
            </Field>
            {settings.signatureImageKey ? (
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" name="removeSignatureImage" className="h-5 w-5 accent-brand-600" />
                Remove the signature image
              </label>
            ) : null}
          </div>
          <div className="sm:col-span-2">
            <p className="text-sm font-medium text-slate-800">Digital signature</p>
            <SigningSummary signing={signing} />
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={busy}>
              Save signatory
            </Button>
          </div>
        </Form>
      </Card>
      <SampleContentCard counts={sample} busy={busy} />
    </div>
  );
}

/** Whether documents are digitally signed, and by which certificate (never its key or password). */
function SigningSummary({ signing }: { signing: SigningStatus }) {
  // Certificate names can hold long unbroken parts (serial numbers, hashes): they wrap anywhere.
  const text = "mt-1 text-sm wrap-anywhere";
  if (signing.state === "off") {
    return (
      <p className={`${text} text-slate-600`} data-testid="signing-status">
        Off: documents are not digitally signed. To sign them, set INVOICE_SIGNING_P12_FILE and
        INVOICE_SIGNING_P12_PASSWORD to your certificate (.p12) and restart the server.
      </p>
    );
  }
  if (signing.state === "error") {
    return (
      <p className={`${text} text-red-700`} data-testid="signing-status">
        The signing certificate cannot be used: {signing.message}
      </p>
    );
  }
  const { certificate } = signing;
  const said = {
    on: `On: documents are signed by ${certificate.subject}, valid until ${formatDate(certificate.validTo)}.`,
    expired: `The certificate of ${certificate.subject} expired on ${formatDate(certificate.validTo)}: documents go out unsigned until a new one is installed.`,
    "not-yet-valid": `The certificate of ${certificate.subject} is valid from ${formatDate(certificate.validFrom)}: documents go out unsigned until then.`,
  }[signing.state];
  return (
    <div data-testid="signing-status">
      <p className={`${text} ${signing.state === "on" ? "text-emerald-800" : "text-amber-800"}`}>{said}</p>
      <p className="mt-0.5 text-xs text-slate-500 wrap-anywhere">Issued by {certificate.issuer}.</p>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
