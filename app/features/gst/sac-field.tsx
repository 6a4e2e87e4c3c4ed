import { SelectField } from "~/ui/field";
import { SAC_CODES, SAC_DESCRIPTIONS, sacDescription } from "./sac";

/**
 * A SAC chosen from the store's table (sac.ts), each with its official description. A saved code
 * outside the table (an install from before the table) stays shown as it is, so saving the form
 * without choosing refuses it with the reason rather than changing it silently.
 */
export function SacField({
  name,
  label,
  defaultValue,
  error,
}: {
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
}) {
  const known = sacDescription(defaultValue) !== null;
  return (
    <SelectField label={label} name={name} error={error} defaultValue={defaultValue}>
      {known ? null : <option value={defaultValue}>{defaultValue || "—"} (not a SAC this store prints)</option>}
      {SAC_CODES.map((code) => (
        <option key={code} value={code}>
          {code}: {SAC_DESCRIPTIONS[code]}
        </option>
      ))}
    </SelectField>
  );
}
