import { redirect } from "react-router";
import { AuthCard, AuthSwitch, GuestCartAuthForm } from "~/features/accounts/auth-card";
import { SignupFields } from "~/features/accounts/auth-fields";
import { clientIpContext, dbContext } from "~/features/accounts/context.server";
import { getOptionalUser } from "~/features/accounts/guards.server";
import { safeRedirectTo, signupSchema } from "~/features/accounts/schema";
import { guestCartAuthAction, signUpWithGuestCart } from "~/features/cart/guest-cart.server";
import type { Route } from "./+types/signup";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Sign Up | Commerce Academy" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirectTo(new URL(request.url).searchParams.get("redirectTo"));
  if (await getOptionalUser(context.get(dbContext), request)) throw redirect(redirectTo);
  return { redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  return guestCartAuthAction(
    context.get(dbContext),
    request,
    context.get(clientIpContext),
    signupSchema,
    signUpWithGuestCart,
  );
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthCard
      title="Sign Up"
      subtitle="Create your account to buy courses, notes and PYQ papers."
      footer={
        <AuthSwitch prompt="Already have an account?" to="/login" label="Log In" redirectTo={loaderData.redirectTo} />
      }
    >
      <GuestCartAuthForm
        redirectTo={loaderData.redirectTo}
        formError={actionData?.formError}
        submitLabel="Sign Up"
        busyLabel="Creating your account…"
      >
        <SignupFields values={actionData?.values} errors={actionData?.fieldErrors ?? {}} />
      </GuestCartAuthForm>
    </AuthCard>
  );
}
