import { data, Form, Link, redirect, useNavigation } from "react-router";
import { signUp } from "~/features/accounts/accounts.server";
import { AuthCard, GuestCartField } from "~/features/accounts/auth-card";
import { getOptionalUser } from "~/features/accounts/guards.server";
import { MIN_PASSWORD } from "~/features/accounts/limits";
import { fieldErrors, parseGuestCart, safeRedirectTo, signupSchema } from "~/features/accounts/schema";
import { mergeIntoCart } from "~/features/cart/cart.server";
import { readForm } from "~/lib/form.server";
import { clientIpOf } from "~/lib/load-context";
import { Button } from "~/ui/button";
import { Field, FormAlert } from "~/ui/field";
import type { Route } from "./+types/signup";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Sign Up | Commerce Academy" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = safeRedirectTo(new URL(request.url).searchParams.get("redirectTo"));
  if (await getOptionalUser(request)) throw redirect(redirectTo);
  return { redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const redirectTo = safeRedirectTo(form.redirectTo);
  const values = {
    name: typeof form.name === "string" ? form.name : "",
    email: typeof form.email === "string" ? form.email : "",
  };
  const parsed = signupSchema.safeParse(form);
  if (!parsed.success) return data({ values, fieldErrors: fieldErrors(parsed.error), formError: undefined }, 400);
  const result = await signUp(parsed.data, { request, clientIp: clientIpOf(context) });
  if (!result.ok)
    return data({ values, fieldErrors: result.fieldErrors ?? {}, formError: result.formError }, result.status);
  await mergeIntoCart(result.userId, parseGuestCart(form.guestCart));
  return redirect(redirectTo, { headers: result.headers });
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errors = actionData?.fieldErrors ?? {};
  const loginHref =
    loaderData.redirectTo === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(loaderData.redirectTo)}`;
  return (
    <AuthCard
      title="Sign Up"
      subtitle="Create your account to buy courses, notes and PYQ papers."
      footer={
        <>
          Already have an account?{" "}
          <Link to={loginHref} className="font-semibold text-brand-700 underline">
            Log In
          </Link>
        </>
      }
    >
      <Form method="post" className="flex flex-col gap-4" noValidate>
        {actionData?.formError ? <FormAlert>{actionData.formError}</FormAlert> : null}
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <GuestCartField />
        <Field
          label="Full name"
          name="name"
          autoComplete="name"
          required
          defaultValue={actionData?.values.name}
          error={errors.name}
        />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={actionData?.values.email}
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
        <Button type="submit" disabled={busy}>
          {busy ? "Creating your account…" : "Sign Up"}
        </Button>
      </Form>
    </AuthCard>
  );
}
