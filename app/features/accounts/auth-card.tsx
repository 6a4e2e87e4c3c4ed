import type * as React from "react";
import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/ui/button";
import { FormAlert } from "~/ui/field";

/** The centred card of the login, sign-up and password pages. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: React.ReactNode;
  children: React.ReactNode;
  footer?: React.ReactNode;
}) {
  return (
    <main id="main" className="flex justify-center bg-slate-50 px-4 py-10 sm:py-16">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
        {footer ? (
          <div className="mt-6 border-t border-slate-100 pt-4 text-center text-sm text-slate-600">{footer}</div>
        ) : null}
      </div>
    </main>
  );
}

/** The link from /login to /signup and back, keeping where the visitor goes afterwards. */
export function AuthSwitch({
  prompt,
  to,
  label,
  redirectTo,
}: {
  prompt: string;
  to: string;
  label: string;
  redirectTo: string;
}) {
  const href = redirectTo === "/" ? to : `${to}?redirectTo=${encodeURIComponent(redirectTo)}`;
  return (
    <>
      {prompt}{" "}
      <Link to={href} className="font-semibold text-brand-700 underline">
        {label}
      </Link>
    </>
  );
}

/**
 * The form of /login and /signup: its fields with the form's error above them, where to go
 * afterwards, the guest cart to merge, and the submit button that says it is busy.
 */
export function GuestCartAuthForm({
  redirectTo,
  formError,
  submitLabel,
  busyLabel,
  children,
}: {
  redirectTo: string;
  formError?: string;
  submitLabel: string;
  busyLabel: string;
  children: React.ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="flex flex-col gap-4" noValidate>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <GuestCartField />
      {children}
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </Form>
  );
}

export const CART_STORAGE_KEY = "cart-storage";

/**
 * Hidden field carrying the guest cart (localStorage `cart-storage`) so logging in or signing up
 * merges it into the server cart. Without JavaScript it stays empty and the form still works.
 */
export function GuestCartField() {
  const [ids, setIds] = useState("");
  useEffect(() => {
    const fill = () => setIds(readGuestCartIds().join(","));
    fill();
    // The cart may change in another tab while this page is open.
    window.addEventListener("storage", fill);
    return () => window.removeEventListener("storage", fill);
  }, []);
  return <input type="hidden" name="guestCart" value={ids} />;
}

/** Product ids of the guest cart in localStorage (empty when missing or malformed). */
export function readGuestCartIds(): number[] {
  try {
    const raw = window.localStorage.getItem(CART_STORAGE_KEY);
    const items = (JSON.parse(raw ?? "null") as { state?: { items?: Array<{ id?: unknown }> } } | null)?.state?.items;
    return Array.isArray(items)
      ? items.map((item) => item?.id).filter((id): id is number => Number.isSafeInteger(id))
      : [];
  } catch {
    return [];
  }
}
