import { SelectField } from "~/ui/field";
import { INDIAN_STATES } from "./states";

/** The choices in two groups, states first. */
const GROUPS = [
  ["state", "States"],
  ["ut", "Union territories"],
] as const;

/** The buyer's state or union territory (GST place of supply), by GST state code. */
export function StateField({
  defaultValue,
  error,
  hint,
  name = "state",
  label = "Your state or union territory",
  onChange,
}: {
  defaultValue: string | null | undefined;
  error?: string;
  hint?: string;
  name?: string;
  label?: string;
  /** The code chosen, as it is chosen (checkout shows that state's totals at once). */
  onChange?: (stateCode: string) => void;
}) {
  return (
    <SelectField
      label={label}
      name={name}
      error={error}
      hint={hint}
      defaultValue={defaultValue ?? ""}
      required
      onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}
    >
      <option value="" disabled>
        Choose…
      </option>
      {GROUPS.map(([kind, groupLabel]) => (
        <optgroup key={kind} label={groupLabel}>
          {INDIAN_STATES.filter((s) => s.kind === kind).map((s) => (
            <option key={s.code} value={s.code}>
              {s.name} ({s.code})
            </option>
          ))}
        </optgroup>
      ))}
    </SelectField>
  );
}
