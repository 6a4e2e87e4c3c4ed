import { Form, Link, useNavigation } from "react-router";
import { requestPasswordReset } from "~/features/accounts/accounts.server";
import { AuthCard } from "~/features/accounts/auth-card";
import { EmailField } from "~/features/accounts/auth-fields";
import { clientIpContext, dbContext } from "~/features/accounts/context.server";
import { forgotPasswordSchema } from "~/features/accounts/schema";
import { redirectWithFlash } from "~/lib/flash.server";
import { failureFrom, formFailure, parseForm } from "~/lib/form.server";
import { Button } from "~/ui/button";
import { FormAlert } from "~/ui/field";
import type { Route } from "./+types/forgot-password";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Forgot Password | Commerce Academy" }, { name: "robots", content: "noindex" }];
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const parsed = await parseForm(request, forgotPasswordSchema);
  if (!parsed.ok) return formFailure(parsed);
  try {
    const message = await requestPasswordReset(db, parsed.data, { request, clientIp: context.get(clientIpContext) });
    return redirectWithFlash("/forgot-password", message);
  } catch (error) {
    return failureFrom(error, parsed.values);
  }
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.fieldErrors ?? {};
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email of your account and we will send you a link to choose a new password."
      footer={
        <Link to="/login" className="font-semibold text-brand-700 underline">
          Back to Log In
        </Link>
      }
    >
      <Form method="post" className="flex flex-col gap-4" noValidate>
        {actionData?.formError ? <FormAlert>{actionData.formError}</FormAlert> : null}
        <EmailField defaultValue={actionData?.values.email} error={errors.email} />
        <Button type="submit" disabled={busy}>
          {busy ? "Sending…" : "Send reset link"}
        </Button>
      </Form>
    </AuthCard>
  );
}
