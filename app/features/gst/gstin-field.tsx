import { Field } from "~/ui/field";

/**
 * Where a GSTIN is typed or pasted (the seller's in Settings; a buyer's at checkout). No maxLength:
 * the browser would cut a pasted " 27AAPFU0939F1ZV" to its first 15 characters, space included, before
 * the server trims it; the server drops the spaces and checks the rest (gstinInputSchema).
 */
export function GstinField({
  name,
  label = "GSTIN",
  defaultValue,
  error,
  hint,
}: {
  name: string;
  label?: string;
  defaultValue?: string;
  error?: string;
  hint?: string;
}) {
  return (
    <Field label={label} name={name} error={error} hint={hint}>
      {(p) => (
        <input
          {...p}
          className={`${p.className} uppercase`}
          defaultValue={defaultValue}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
        />
      )}
    </Field>
  );
}
