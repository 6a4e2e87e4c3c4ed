import { data, Form, Link, useNavigation } from "react-router";
import { getDb } from "~/db/client.server";
import { requestPasswordReset } from "~/features/accounts/accounts.server";
import { AuthCard } from "~/features/accounts/auth-card";
import { EmailField } from "~/features/accounts/auth-fields";
import { type FieldErrors, fieldErrors, forgotPasswordSchema } from "~/features/accounts/schema";
import { readForm } from "~/lib/form.server";
import { clientIpOf } from "~/lib/load-context";
import { Button } from "~/ui/button";
import { FormAlert } from "~/ui/field";
import type { Route } from "./+types/forgot-password";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Forgot Password | Commerce Academy" }, { name: "robots", content: "noindex" }];
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = await getDb();
  const form = await readForm(request);
  const email = typeof form.email === "string" ? form.email : "";
  const parsed = forgotPasswordSchema.safeParse(form);
  if (!parsed.success) {
    return data({ email, fieldErrors: fieldErrors(parsed.error), formError: undefined, sent: undefined }, 400);
  }
  const result = await requestPasswordReset(db, parsed.data, { request, clientIp: clientIpOf(context) });
  if (!result.ok)
    return data({ email, fieldErrors: {} as FieldErrors, formError: result.formError, sent: undefined }, result.status);
  return { email: "", fieldErrors: {} as FieldErrors, formError: undefined, sent: result.message };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const errors: FieldErrors = actionData?.fieldErrors ?? {};
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
        {actionData?.sent ? <FormAlert tone="success">{actionData.sent}</FormAlert> : null}
        {actionData?.formError ? <FormAlert>{actionData.formError}</FormAlert> : null}
        <EmailField defaultValue={actionData?.email} error={errors.email} />
        <Button type="submit" disabled={busy}>
          {busy ? "Sending…" : "Send reset link"}
        </Button>
      </Form>
    </AuthCard>
  );
}
