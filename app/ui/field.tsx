import type * as React from "react";
import { cn } from "./cn";

export const inputClass =
  "block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-brand-600 aria-[invalid=true]:border-red-600";

/** What a custom control (a file input, a combined control…) spreads to be wired to its label and messages. */
export interface FieldControlProps {
  id: string;
  name: string;
  className: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/** What every field takes besides its control's own attributes. */
interface FieldFrameProps {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  /** The wrapper's class (grid placement); the control's class is the design system's. */
  className?: string;
  /** `field-<name>` unless given (give one when a page has two fields of one name). */
  id?: string;
}

/** A field's props split: its frame (label, messages, wrapper), its control's wiring, the control's own attributes. */
function framed<P extends FieldFrameProps>({ label, name, error, hint, className, id, ...rest }: P) {
  const frame: FieldFrameProps = { label, name, error, hint, className, id };
  return { frame, control: controlFor(frame), rest };
}

/** The control's wiring: its id, and aria-invalid/aria-describedby pointing at the hint and the error. */
function controlFor({ id: given, name, error, hint }: FieldFrameProps) {
  const id = given ?? `field-${name}`;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const control: FieldControlProps = {
    id,
    name,
    className: inputClass,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
  };
  return control;
}

function Messages({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A label above its control, with the hint and the error below. */
function Stacked({ frame, id, children }: { frame: FieldFrameProps; id: string; children: React.ReactNode }) {
  return (
    <div className={cn("flex flex-col gap-1.5", frame.className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {frame.label}
      </label>
      {children}
      <Messages id={id} hint={frame.hint} error={frame.error} />
    </div>
  );
}

/**
 * The one form field: a label, the control, its hint and its error next to it (aria-invalid +
 * aria-describedby). An `<input>` (extra props go to it); `<SelectField>`, `<TextareaField>` and
 * `<CheckboxField>` are the same field with those controls. Only a control none of them is (a file
 * input, an input with a button beside it) takes a function as children:
 * `<Field label="Photo" name="photo">{(p) => <input {...p} type="file" className="text-sm" />}</Field>`.
 */
export function Field({
  children,
  ...props
}: Omit<React.ComponentProps<"input">, "children"> &
  FieldFrameProps & {
    children?: (control: FieldControlProps) => React.ReactNode;
  }) {
  const { frame, control, rest } = framed(props);
  return (
    <Stacked frame={frame} id={control.id}>
      {children ? children(control) : <input {...control} {...rest} />}
    </Stacked>
  );
}

/** A `<select>` field; its options are the children. */
export function SelectField(
  props: Omit<React.ComponentProps<"select">, "name" | "id" | "className"> & FieldFrameProps,
) {
  const { frame, control, rest } = framed(props);
  return (
    <Stacked frame={frame} id={control.id}>
      <select {...control} {...rest} />
    </Stacked>
  );
}

/** The `<option>`s of a select of named choices: each of `values` (in that order), shown by its label. */
export function LabelledOptions<K extends string>({
  values,
  labels,
}: {
  values: readonly K[];
  labels: Record<K, string>;
}) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels[value]}
    </option>
  ));
}

/** A `<textarea>` field. */
export function TextareaField(
  props: Omit<React.ComponentProps<"textarea">, "name" | "id" | "className" | "children"> & FieldFrameProps,
) {
  const { frame, control, rest } = framed(props);
  return (
    <Stacked frame={frame} id={control.id}>
      <textarea {...control} className={cn(inputClass, "h-auto py-2")} {...rest} />
    </Stacked>
  );
}

/** A checkbox with its label beside it, the hint and the error under the label. */
export function CheckboxField(
  props: Omit<React.ComponentProps<"input">, "name" | "id" | "className" | "type" | "children"> & FieldFrameProps,
) {
  const { frame, control, rest } = framed(props);
  return (
    <div className={cn("flex items-start gap-3", frame.className)}>
      <input {...control} type="checkbox" className="mt-1 h-5 w-5 accent-brand-600" {...rest} />
      <div>
        <label htmlFor={control.id} className="text-sm font-medium text-slate-800">
          {frame.label}
        </label>
        <Messages id={control.id} hint={frame.hint} error={frame.error} />
      </div>
    </div>
  );
}

export function FormAlert({ tone = "error", children }: { tone?: "error" | "success"; children: React.ReactNode }) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn(
        "rounded-lg border px-4 py-3 text-sm",
        tone === "error"
          ? "border-red-200 bg-red-50 text-red-800"
          : "border-emerald-200 bg-emerald-50 text-emerald-800",
      )}
    >
      {children}
    </div>
  );
}
