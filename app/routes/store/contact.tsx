import { CheckCircle2, Mail, MessageCircle } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { getDb } from "~/db/client.server";
import { saveContactMessage } from "~/features/contact/contact.server";
import { type ContactFieldErrors, parseContactForm } from "~/features/contact/schema";
import { appUrlFromMatches, seoMeta } from "~/features/seo/seo";
import { getSettings } from "~/features/settings/settings.server";
import { StoreErrorPage } from "~/features/site/not-found";
import { readFormData } from "~/lib/form.server";
import { Button } from "~/ui/button";
import { Container } from "~/ui/container";
import type { Route } from "./+types/contact";

export const CONTACT_SUCCESS = "Thank you! Your message has been sent. We will reply within one working day.";

export async function loader({ request }: Route.LoaderArgs) {
  const db = await getDb();
  const settings = await getSettings(db);
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  return { email: settings.siteContactEmail, whatsappNumber: settings.whatsappNumber, sent };
}

export async function action({ request }: Route.ActionArgs) {
  const db = await getDb();
  const form = await readFormData(request);
  const parsed = parseContactForm(form);
  if (!parsed.ok) return data({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  await saveContactMessage(db, parsed.data);
  return redirect("/contact?sent=1");
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({
    title: "Contact Us | Commerce Academy",
    description:
      "Questions about a course, notes or a payment? Write to Commerce Academy and we will reply within a day.",
    path: "/contact",
    appUrl: appUrlFromMatches(matches),
  });
}

function Field({
  name,
  label,
  error,
  defaultValue,
  multiline,
  type = "text",
  autoComplete,
}: {
  name: string;
  label: string;
  error?: string;
  defaultValue?: string;
  multiline?: boolean;
  type?: string;
  autoComplete?: string;
}) {
  const id = `contact-${name}`;
  const errorId = `${id}-error`;
  const common = {
    id,
    name,
    defaultValue,
    required: true,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    className:
      "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 aria-[invalid=true]:border-red-600",
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={6} maxLength={5000} />
      ) : (
        <input {...common} type={type} autoComplete={autoComplete} maxLength={name === "email" ? 254 : 100} />
      )}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errors: ContactFieldErrors = actionData?.errors ?? {};
  const values = actionData?.values;
  return (
    <main id="main">
      <Container className="grid gap-10 py-10 sm:py-14 lg:grid-cols-[1fr_24rem]">
        <div>
          <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Contact Us</h1>
          <p className="mt-2 text-slate-600">Questions about a course, notes or a payment? Send us a message.</p>
          {loaderData.sent && !actionData ? (
            <p
              role="status"
              className="mt-6 flex items-start gap-2 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-900"
            >
              <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
              {CONTACT_SUCCESS}
            </p>
          ) : null}
          {actionData?.errors ? (
            <p role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-800">
              Please correct the fields marked below.
            </p>
          ) : null}
          <Form method="post" noValidate className="mt-6 max-w-xl space-y-5">
            <Field name="name" label="Name" error={errors.name} defaultValue={values?.name} autoComplete="name" />
            <Field
              name="email"
              label="Email"
              type="email"
              error={errors.email}
              defaultValue={values?.email}
              autoComplete="email"
            />
            <Field name="message" label="Message" multiline error={errors.message} defaultValue={values?.message} />
            <Button type="submit" disabled={busy}>
              {busy ? "Sending…" : "Send Message"}
            </Button>
          </Form>
        </div>
        <aside aria-labelledby="reach-heading" className="h-fit rounded-2xl border border-slate-200 bg-slate-50 p-6">
          <h2 id="reach-heading" className="text-lg font-bold text-slate-900">
            Other ways to reach us
          </h2>
          <ul className="mt-4 space-y-3 text-slate-700">
            <li className="flex items-center gap-2">
              <Mail className="h-5 w-5 text-brand-700" aria-hidden />
              <a className="font-medium text-brand-700 underline" href={`mailto:${loaderData.email}`}>
                {loaderData.email}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <MessageCircle className="h-5 w-5 text-emerald-700" aria-hidden />
              <a
                className="font-medium text-brand-700 underline"
                href={`https://wa.me/${loaderData.whatsappNumber.replace(/\D/g, "")}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                WhatsApp us
              </a>
            </li>
          </ul>
        </aside>
      </Container>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StoreErrorPage error={error} />;
}
