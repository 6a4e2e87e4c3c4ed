import { Mail, MessageCircle } from "lucide-react";
import { Form, useLocation, useNavigation } from "react-router";
import { clientIpContext, dbContext } from "~/features/accounts/context.server";
import { getOptionalUser } from "~/features/accounts/guards.server";
import { saveContactMessage } from "~/features/contact/contact.server";
import { contactSchema } from "~/features/contact/schema";
import { appUrlFromMatches, seoMeta } from "~/features/seo/seo";
import { getSettings } from "~/features/settings/settings.server";
import { StoreErrorPage } from "~/features/site/not-found";
import { redirectWithFlash } from "~/lib/flash.server";
import { failureFrom, formFailure, parseForm } from "~/lib/form.server";
import { Button } from "~/ui/button";
import { Container } from "~/ui/container";
import { Field, FormAlert, TextareaField } from "~/ui/field";
import type { Route } from "./+types/contact";

export const CONTACT_SUCCESS = "Thank you! Your message has been sent. We will reply within one working day.";

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const settings = await getSettings(db);
  return { email: settings.siteContactEmail, whatsappNumber: settings.whatsappNumber };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const parsed = await parseForm(request, contactSchema);
  if (!parsed.ok) return formFailure(parsed);
  const user = await getOptionalUser(db, request);
  try {
    await saveContactMessage(db, parsed.data, { clientIp: context.get(clientIpContext), userId: user?.id });
  } catch (error) {
    return failureFrom(error, parsed.values); // 429: too many messages
  }
  return redirectWithFlash("/contact", CONTACT_SUCCESS);
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

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const location = useLocation();
  const busy = navigation.state === "submitting";
  const errors = actionData?.fieldErrors ?? {};
  const values = actionData?.values;
  return (
    <main id="main">
      <Container className="grid gap-10 py-10 sm:py-14 lg:grid-cols-[1fr_24rem]">
        <div>
          <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Contact Us</h1>
          <p className="mt-2 text-slate-600">Questions about a course, notes or a payment? Send us a message.</p>
          {actionData ? (
            <div className="mt-6">
              <FormAlert>{actionData.formError ?? "Please correct the fields marked below."}</FormAlert>
            </div>
          ) : null}
          {/* A new form after each sent message (the redirect is a new location): no old text left. */}
          <Form key={location.key} method="post" noValidate className="mt-6 max-w-xl space-y-5">
            <Field
              id="contact-name"
              name="name"
              label="Name"
              required
              maxLength={100}
              error={errors.name}
              defaultValue={values?.name}
              autoComplete="name"
            />
            <Field
              id="contact-email"
              name="email"
              label="Email"
              type="email"
              required
              maxLength={254}
              error={errors.email}
              defaultValue={values?.email}
              autoComplete="email"
            />
            <TextareaField
              id="contact-message"
              name="message"
              label="Message"
              error={errors.message}
              rows={6}
              maxLength={5000}
              required
              defaultValue={values?.message}
            />
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
            {loaderData.whatsappNumber ? (
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
            ) : null}
          </ul>
        </aside>
      </Container>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StoreErrorPage error={error} />;
}
