import { Form, Link, redirect, useNavigation } from "react-router";
import { AuthCard, GuestCartField } from "~/features/accounts/auth-card";
import { SignupFields } from "~/features/accounts/auth-fields";
import { clientIpContext, dbContext } from "~/features/accounts/context.server";
import { getOptionalUser } from "~/features/accounts/guards.server";
import { safeRedirectTo, signupSchema } from "~/features/accounts/schema";
import { signUpWithGuestCart } from "~/features/cart/guest-cart.server";
import { failureFrom, formFailure, readForm, validate } from "~/lib/form.server";
import { Button } from "~/ui/button";
import { FormAlert } from "~/ui/field";
import type { Route } from "./+types/signup";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Sign Up | Commerce Academy" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const redirectTo = safeRedirectTo(new URL(request.url).searchParams.get("redirectTo"));
  if (await getOptionalUser(db, request)) throw redirect(redirectTo);
  return { redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const form = await readForm(request);
  const redirectTo = safeRedirectTo(form.redirectTo);
  const parsed = validate(signupSchema, form);
  if (!parsed.ok) return formFailure(parsed);
  try {
    const headers = await signUpWithGuestCart(db, parsed.data, form.guestCart, {
      request,
      clientIp: context.get(clientIpContext),
    });
    return redirect(redirectTo, { headers });
  } catch (error) {
    return failureFrom(error, parsed.values);
  }
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
        <SignupFields values={actionData?.values} errors={errors} />
        <Button type="submit" disabled={busy}>
          {busy ? "Creating your account…" : "Sign Up"}
        </Button>
      </Form>
    </AuthCard>
  );
}
