import { Form, redirect, useNavigation } from "react-router";
import { changePassword, getAccount, updateProfile } from "~/features/accounts/accounts.server";
import { ConfirmPasswordField, EmailField, NewPasswordField } from "~/features/accounts/auth-fields";
import { clientIpContext, dbContext, userContext } from "~/features/accounts/context.server";
import { changePasswordSchema, profileSchema } from "~/features/accounts/schema";
import { AccountBuyerFields } from "~/features/gst/buyer-fields";
import { StateField } from "~/features/gst/state-field";
import { setAnnouncementEmails } from "~/features/marketing/announcements.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { failureFrom, formFailure, readForm, validate } from "~/lib/form.server";
import { Button } from "~/ui/button";
import { Container } from "~/ui/container";
import { Field, FormAlert } from "~/ui/field";
import type { Route } from "./+types/account";

export const PROFILE_SAVED = "Your profile has been saved.";
export const PASSWORD_CHANGED = "Your password has been changed. Other devices have been signed out.";
export const ANNOUNCEMENTS_ON = "You will get announcements by email again.";
export const ANNOUNCEMENTS_OFF = "You will get no more announcement emails.";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Account | Commerce Academy" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const user = context.get(userContext);
  const account = await getAccount(db, user.id);
  if (!account) throw redirect("/login");
  const { name, email, stateCode, gstin, legalName, address, announcementEmails } = account;
  return { account: { name, email, stateCode, gstin, legalName, address }, announcementEmails };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const user = context.get(userContext);
  const form = await readForm(request);
  if (form.intent === "profile") {
    const parsed = validate(profileSchema, form);
    if (!parsed.ok) return formFailure({ ...parsed, intent: "profile" });
    try {
      await updateProfile(db, user.id, parsed.data);
    } catch (error) {
      return failureFrom(error, parsed.values, { intent: "profile" });
    }
    return redirectWithFlash("/account", PROFILE_SAVED);
  }
  if (form.intent === "password") {
    const parsed = validate(changePasswordSchema, form);
    if (!parsed.ok) return formFailure({ ...parsed, intent: "password" });
    let headers: Headers;
    try {
      headers = await changePassword(db, parsed.data, { request, clientIp: context.get(clientIpContext) });
    } catch (error) {
      return failureFrom(error, parsed.values, { intent: "password" });
    }
    return redirectWithFlash("/account", PASSWORD_CHANGED, { headers });
  }
  if (form.intent === "announcements") {
    if (form.on !== "true" && form.on !== "false")
      return formFailure({ intent: "announcements", formError: "Choose on or off." });
    await setAnnouncementEmails(db, user.id, form.on === "true");
    return redirectWithFlash("/account", form.on === "true" ? ANNOUNCEMENTS_ON : ANNOUNCEMENTS_OFF);
  }
  return formFailure({ intent: "unknown", formError: "Unknown action." });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const profileErrors = actionData?.intent === "profile" ? actionData.fieldErrors : {};
  const passwordErrors = actionData?.intent === "password" ? actionData.fieldErrors : {};
  const formError = (intent: string) => (actionData?.intent === intent ? actionData.formError : undefined);
  return (
    <main id="main" className="bg-slate-50 py-10">
      <Container className="max-w-2xl">
        <h1 className="text-3xl font-bold text-slate-900">Account</h1>
        <p className="mt-1 text-slate-600">Your name, email, GST details, password and announcement emails.</p>

        <section aria-labelledby="profile-heading" className="mt-8 rounded-2xl border border-slate-200 bg-white p-6">
          <h2 id="profile-heading" className="text-lg font-semibold text-slate-900">
            Profile
          </h2>
          <Form method="post" className="mt-4 flex flex-col gap-4" noValidate>
            {formError("profile") ? <FormAlert>{formError("profile")}</FormAlert> : null}
            <input type="hidden" name="intent" value="profile" />
            <Field
              label="Full name"
              name="name"
              autoComplete="name"
              required
              defaultValue={loaderData.account.name}
              error={profileErrors.name}
            />
            <EmailField defaultValue={loaderData.account.email} error={profileErrors.email} />
            <StateField
              defaultValue={loaderData.account.stateCode}
              error={profileErrors.state}
              hint="The place of supply on your GST invoices: CGST + SGST in the seller's state, IGST elsewhere."
            />
            <AccountBuyerFields
              values={actionData?.intent === "profile" ? actionData.values : loaderData.account}
              errors={profileErrors}
            />
            <Field
              label="Current password"
              name="currentPassword"
              id="profile-current-password"
              type="password"
              autoComplete="current-password"
              hint="Only needed to change your email."
              error={profileErrors.currentPassword}
            />
            <div>
              <Button type="submit" disabled={busyIntent === "profile"}>
                {busyIntent === "profile" ? "Saving…" : "Save profile"}
              </Button>
            </div>
          </Form>
        </section>

        <section aria-labelledby="password-heading" className="mt-6 rounded-2xl border border-slate-200 bg-white p-6">
          <h2 id="password-heading" className="text-lg font-semibold text-slate-900">
            Change password
          </h2>
          <Form method="post" className="mt-4 flex flex-col gap-4" noValidate>
            {formError("password") ? <FormAlert>{formError("password")}</FormAlert> : null}
            <input type="hidden" name="intent" value="password" />
            <Field
              label="Current password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
              error={passwordErrors.currentPassword}
            />
            <NewPasswordField label="New password" name="newPassword" error={passwordErrors.newPassword} />
            <ConfirmPasswordField error={passwordErrors.confirmPassword} />
            <div>
              <Button type="submit" disabled={busyIntent === "password"}>
                {busyIntent === "password" ? "Saving…" : "Change password"}
              </Button>
            </div>
          </Form>
        </section>

        <section aria-labelledby="emails-heading" className="mt-6 rounded-2xl border border-slate-200 bg-white p-6">
          <h2 id="emails-heading" className="text-lg font-semibold text-slate-900">
            Announcement emails
          </h2>
          <Form method="post" className="mt-2 flex flex-col gap-4" noValidate>
            {formError("announcements") ? <FormAlert>{formError("announcements")}</FormAlert> : null}
            <p className="text-slate-600">
              {loaderData.announcementEmails
                ? "On: the teacher's announcements come by email too. They are always on My Courses."
                : "Off: you see the teacher's announcements on My Courses only."}
            </p>
            <input type="hidden" name="intent" value="announcements" />
            <input type="hidden" name="on" value={loaderData.announcementEmails ? "false" : "true"} />
            <div>
              <Button
                type="submit"
                variant={loaderData.announcementEmails ? "secondary" : "primary"}
                disabled={busyIntent === "announcements"}
              >
                {loaderData.announcementEmails ? "Turn announcement emails off" : "Turn announcement emails on"}
              </Button>
            </div>
          </Form>
        </section>
      </Container>
    </main>
  );
}
