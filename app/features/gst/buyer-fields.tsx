import { Field, TextareaField } from "~/ui/field";
import { MAX_ADDRESS, MAX_LEGAL_NAME } from "./buyer";
import { GstinField } from "./gstin-field";

type Values = { gstin?: string | null; legalName?: string | null; address?: string | null };
type Errors = Partial<Record<"gstin" | "legalName" | "address", string>>;

function LegalNameField({ value, error }: { value?: string | null; error?: string }) {
  return (
    <Field
      label="Registered name of the business"
      name="legalName"
      defaultValue={value ?? ""}
      error={error}
      autoComplete="organization"
      maxLength={MAX_LEGAL_NAME}
    />
  );
}

function AddressField({
  label,
  value,
  error,
  hint,
  required,
}: {
  label: string;
  value?: string | null;
  error?: string;
  hint: string;
  required?: boolean;
}) {
  return (
    <TextareaField
      label={label}
      name="address"
      error={error}
      hint={hint}
      rows={3}
      maxLength={MAX_ADDRESS}
      autoComplete="street-address"
      required={required}
      defaultValue={value ?? ""}
    />
  );
}

const GSTIN_HINT = "15 characters, registered in the state chosen above (the place of supply).";

/**
 * The checkout's buyer details: a GSTIN for a business invoice behind a disclosure (open when one is
 * saved or refused), and the address, asked of everyone when the invoice is of ₹50,000 or more.
 */
export function CheckoutBuyerFields({
  values,
  errors,
  asksAddress,
}: {
  values: Values;
  errors: Errors;
  asksAddress: boolean;
}) {
  // A refused address the field was not shown for (the total crossed ₹50,000): show it now.
  const ownAddress = asksAddress || Boolean(errors.address && !values.gstin);
  const address = (label: string, hint: string) => (
    <AddressField label={label} value={values.address} error={errors.address} hint={hint} required={ownAddress} />
  );
  return (
    <div className="mt-4 flex flex-col gap-4">
      {ownAddress
        ? address(
            "Billing address",
            "A GST invoice of ₹50,000 or more carries the buyer's address. For a business, its registered address.",
          )
        : null}
      <details
        open={Boolean(values.gstin || errors.gstin || errors.legalName || (!ownAddress && errors.address))}
        className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3"
      >
        <summary className="cursor-pointer text-sm font-medium text-slate-800">
          Buying for a business? Add its GSTIN (optional)
        </summary>
        <div className="mt-3 flex flex-col gap-4">
          <p className="text-xs text-slate-600">
            The invoice is then made out to the business, with its GSTIN, so it can claim the GST as input tax credit.
          </p>
          <GstinField name="gstin" defaultValue={values.gstin ?? ""} error={errors.gstin} hint={GSTIN_HINT} />
          <LegalNameField value={values.legalName} error={errors.legalName} />
          {ownAddress ? null : address("Registered address of the business", "As on its GST registration.")}
        </div>
      </details>
    </div>
  );
}

/** The account's default business details, filled in at checkout. */
export function AccountBuyerFields({ values, errors }: { values: Values; errors: Errors }) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-lg border border-slate-200 px-4 pt-2 pb-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Business details (optional)</legend>
      <p className="text-xs text-slate-600">
        For GST invoices made out to a business (B2B), filled in for you at checkout.
      </p>
      <GstinField name="gstin" defaultValue={values.gstin ?? ""} error={errors.gstin} hint={GSTIN_HINT} />
      <LegalNameField value={values.legalName} error={errors.legalName} />
      <AddressField
        label="Address"
        value={values.address}
        error={errors.address}
        hint="A business's registered address; or your own, which an invoice of ₹50,000 or more carries."
      />
    </fieldset>
  );
}
