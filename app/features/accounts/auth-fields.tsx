import { Link } from "react-router";
import { Field } from "~/ui/field";
import { MIN_PASSWORD } from "./limits";
import type { FieldErrors } from "./schema";

/** The fields of the log-in form (/login and the inline form of /checkout). */
export function LoginFields({ email, errors }: { email?: string; errors: FieldErrors }) {
  return (
    <>
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={email}
        error={errors.email}
      />
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
export function SignupFields({ values, errors }: { values?: { name: string; email: string }; errors: FieldErrors }) {
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
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={values?.email}
        error={errors.email}
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD}
        hint={`At least ${MIN_PASSWORD} characters.`}
        error={errors.password}
      />
    </>
  );
}
