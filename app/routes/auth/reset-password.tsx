import { Form, Link, useNavigation } from "react-router";
import { isResetTokenUsable, resetPassword } from "~/features/accounts/accounts.server";
import { AuthCard } from "~/features/accounts/auth-card";
import { ConfirmPasswordField, NewPasswordField } from "~/features/accounts/auth-fields";
import { dbContext } from "~/features/accounts/context.server";
import { RESET_TOKEN_INVALID } from "~/features/accounts/messages";
import { resetPasswordSchema } from "~/features/accounts/schema";
import { redirectWithFlash } from "~/lib/flash.server";
import { failureFrom, formFailure, parseForm } from "~/lib/form.server";
import { Button } from "~/ui/button";
import { FormAlert } from "~/ui/field";
import type { Route } from "./+types/reset-password";

export const PASSWORD_RESET_DONE = "Your password has been changed. Log in with your new password.";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Choose a New Password | Commerce Academy" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, usable: await isResetTokenUsable(db, token) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const parsed = await parseForm(request, resetPasswordSchema);
  if (!parsed.ok) return formFailure(parsed);
  try {
    await resetPassword(db, parsed.data);
  } catch (error) {
    return failureFrom(error, parsed.values);
  }
  return redirectWithFlash("/login", PASSWORD_RESET_DONE);
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.fieldErrors ?? {};
  const footer = (
    <Link to="/forgot-password" className="font-semibold text-brand-700 underline">
      Ask for a new link
    </Link>
  );
  if (!loaderData.usable) {
    return (
      <AuthCard title="Choose a new password" footer={footer}>
        <FormAlert>{RESET_TOKEN_INVALID}</FormAlert>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password" footer={footer}>
      <Form method="post" className="flex flex-col gap-4" noValidate>
        {actionData?.formError ? <FormAlert>{actionData.formError}</FormAlert> : null}
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordField label="New password" error={errors.password} />
        <ConfirmPasswordField error={errors.confirmPassword} />
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : "Save new password"}
        </Button>
      </Form>
    </AuthCard>
  );
}
