import { AuthCard, AuthSwitch, GuestCartAuthForm } from "~/features/accounts/auth-card";
import { SignupFields } from "~/features/accounts/auth-fields";
import { clientIpContext, dbContext } from "~/features/accounts/context.server";
import { requireGuest } from "~/features/accounts/guards.server";
import { guestCartAuthAction, signUpFlow } from "~/features/cart/guest-cart.server";
import type { Route } from "./+types/signup";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Sign Up | Commerce Academy" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return requireGuest(context.get(dbContext), request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return guestCartAuthAction(context.get(dbContext), request, context.get(clientIpContext), signUpFlow);
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
