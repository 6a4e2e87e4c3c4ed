import { z } from "zod";

/** The contact form (Name, Email, Message), validated on the server always. */
export const contactSchema = z.object({
  name: z
    .string({ error: "Please enter your name." })
    .trim()
    .min(1, "Please enter your name.")
    .max(100, "Please keep your name under 100 characters."),
  email: z
    .string({ error: "Please enter your email." })
    .trim()
    .toLowerCase()
    .min(1, "Please enter your email.")
    .max(254, "Please enter a valid email address.")
    .pipe(z.email("Please enter a valid email address.")),
  message: z
    .string({ error: "Please write a message." })
    .trim()
    .min(1, "Please write a message.")
    .max(5000, "Please keep your message under 5,000 characters."),
});

export type ContactInput = z.infer<typeof contactSchema>;
export type ContactFieldErrors = Partial<Record<keyof ContactInput, string>>;

export function parseContactForm(
  form: FormData,
): { ok: true; data: ContactInput } | { ok: false; errors: ContactFieldErrors; values: Record<string, string> } {
  const values = {
    name: String(form.get("name") ?? ""),
    email: String(form.get("email") ?? ""),
    message: String(form.get("message") ?? ""),
  };
  const parsed = contactSchema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: ContactFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof ContactInput;
    errors[key] ??= issue.message;
  }
  return { ok: false, errors, values };
}
