import { AuthCard, AuthSwitch, GuestCartAuthForm } from "~/features/accounts/auth-card";
import { LoginFields } from "~/features/accounts/auth-fields";
import { clientIpContext, dbContext } from "~/features/accounts/context.server";
import { requireGuest } from "~/features/accounts/guards.server";
import { guestCartAuthAction, logInFlow } from "~/features/cart/guest-cart.server";
import type { Route } from "./+types/login";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Log In | Commerce Academy" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return requireGuest(context.get(dbContext), request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return guestCartAuthAction(context.get(dbContext), request, context.get(clientIpContext), logInFlow);
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AuthCard
      title="Log In"
      subtitle="Welcome back! Log in to continue learning."
      footer={<AuthSwitch prompt="New here?" to="/signup" label="Sign Up" redirectTo={loaderData.redirectTo} />}
    >
      <GuestCartAuthForm
        redirectTo={loaderData.redirectTo}
        formError={actionData?.formError}
        submitLabel="Log In"
        busyLabel="Logging in…"
      >
        <LoginFields email={actionData?.values.email} errors={actionData?.fieldErrors ?? {}} />
      </GuestCartAuthForm>
    </AuthCard>
  );
}
