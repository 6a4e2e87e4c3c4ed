import { Form, Link, redirect, useNavigation } from "react-router";
import { AuthCard, GuestCartField } from "~/features/accounts/auth-card";
import { LoginFields } from "~/features/accounts/auth-fields";
import { clientIpContext, dbContext } from "~/features/accounts/context.server";
import { getOptionalUser } from "~/features/accounts/guards.server";
import { loginSchema, safeRedirectTo } from "~/features/accounts/schema";
import { logInWithGuestCart } from "~/features/cart/guest-cart.server";
import { failureFrom, formFailure, readForm, validate } from "~/lib/form.server";
import { Button } from "~/ui/button";
import { FormAlert } from "~/ui/field";
import type { Route } from "./+types/login";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Log In | Commerce Academy" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const url = new URL(request.url);
  const redirectTo = safeRedirectTo(url.searchParams.get("redirectTo"));
  if (await getOptionalUser(db, request)) throw redirect(redirectTo);
  return { redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const form = await readForm(request);
  const redirectTo = safeRedirectTo(form.redirectTo);
  const parsed = validate(loginSchema, form);
  if (!parsed.ok) return formFailure(parsed);
  try {
    const headers = await logInWithGuestCart(db, parsed.data, form.guestCart, {
      request,
      clientIp: context.get(clientIpContext),
    });
    return redirect(redirectTo, { headers });
  } catch (error) {
    return failureFrom(error, parsed.values);
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errors = actionData?.fieldErrors ?? {};
  const signupHref =
    loaderData.redirectTo === "/" ? "/signup" : `/signup?redirectTo=${encodeURIComponent(loaderData.redirectTo)}`;
  return (
    <AuthCard
      title="Log In"
      subtitle="Welcome back! Log in to continue learning."
      footer={
        <>
          New here?{" "}
          <Link to={signupHref} className="font-semibold text-brand-700 underline">
            Sign Up
          </Link>
        </>
      }
    >
      <Form method="post" className="flex flex-col gap-4" noValidate>
        {actionData?.formError ? <FormAlert>{actionData.formError}</FormAlert> : null}
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <GuestCartField />
        <LoginFields email={actionData?.values.email} errors={errors} />
        <Button type="submit" disabled={busy}>
          {busy ? "Logging in…" : "Log In"}
        </Button>
      </Form>
    </AuthCard>
  );
}
