import { Link } from "react-router";
import type { FieldErrors } from "~/lib/form.server";
import { Field } from "~/ui/field";
import { MIN_PASSWORD } from "./limits";

/** The email field of every account form (log in, sign up, forgot password, profile). */
export function EmailField({ defaultValue, error }: { defaultValue?: string; error?: string }) {
  return (
    <Field
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      required
      defaultValue={defaultValue}
      error={error}
    />
  );
}

/** A new password (sign-up, reset, change), with its minimum length said up front. */
export function NewPasswordField({
  label,
  name = "password",
  error,
}: {
  label: string;
  name?: string;
  error?: string;
}) {
  return (
    <Field
      label={label}
      name={name}
      type="password"
      autoComplete="new-password"
      required
      minLength={MIN_PASSWORD}
      hint={`At least ${MIN_PASSWORD} characters.`}
      error={error}
    />
  );
}

/** The new password typed again (reset, change): the schema checks that the two match. */
export function ConfirmPasswordField({ error }: { error?: string }) {
  return (
    <Field
      label="Confirm new password"
      name="confirmPassword"
      type="password"
      autoComplete="new-password"
      required
      error={error}
    />
  );
}

/** The fields of the log-in form (/login and the inline form of /checkout). */
export function LoginFields({ email, errors }: { email?: string; errors: FieldErrors }) {
  return (
    <>
      <EmailField defaultValue={email} error={errors.email} />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password}
      />
      <div className="-mt-1 text-right text-sm">
        <Link to="/forgot-password" className="font-medium text-brand-700 underline">
          Forgot password?
        </Link>
      </div>
    </>
  );
}

/** The fields of the sign-up form (/signup and the inline form of /checkout). */
export function SignupFields({ values, errors }: { values?: { name?: string; email?: string }; errors: FieldErrors }) {
  return (
    <>
      <Field
        label="Full name"
        name="name"
        autoComplete="name"
        required
        defaultValue={values?.name}
        error={errors.name}
      />
      <EmailField defaultValue={values?.email} error={errors.email} />
      <NewPasswordField label="Password" error={errors.password} />
    </>
  );
}
