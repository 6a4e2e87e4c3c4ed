import { ShieldCheck, Trash2 } from "lucide-react";
import { useMemo } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { z } from "zod";
import { dbContext, userContext } from "~/features/accounts/context.server";
import { FULL_PERMISSIONS } from "~/features/accounts/labels";
import { grantAdmin, listAdmins, removeAdmin } from "~/features/accounts/roles.server";
import { AdminErrorBoundary } from "~/features/admin/route-error";
import { BackLink, Badge, Card, ConfirmDialog, PageHeader, PersonRow } from "~/features/admin/ui";
import { redirectWithFlash } from "~/lib/flash.server";
import { failureFrom, formFailure, parseForm } from "~/lib/form.server";
import { Button } from "~/ui/button";
import { inputClass } from "~/ui/field";
import { FlashToast } from "~/ui/flash-toast";
import type { Route } from "./+types/settings-role";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Admin roles | Admin | Commerce Academy" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const me = context.get(userContext);
  return { admins: await listAdmins(db), meId: me.id };
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("grant"), email: z.string().max(320).default("") }),
  z.object({ intent: z.literal("remove"), userId: z.string().min(1).max(200) }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = context.get(userContext);
  const parsed = await parseForm(request, actionSchema);
  if (!parsed.ok) return formFailure({ formError: "Unknown action.", values: parsed.values });
  try {
    const message =
      parsed.data.intent === "grant"
        ? await grantAdmin(db, admin.id, parsed.data.email)
        : await removeAdmin(db, admin.id, parsed.data.userId);
    return redirectWithFlash("/admin/settings/role", message);
  } catch (error) {
    return failureFrom(error, parsed.values);
  }
}

export default function AdminRoles({ loaderData, actionData }: Route.ComponentProps) {
  const { admins } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const submit = useSubmit();
  // A refusal is shown in the same message box as the root's success flash (the spec's message box,
  // cleared after 3000 ms); a new action result is a new object, so the same message shows again.
  const notice = useMemo(() => {
    const refusal = actionData?.fieldErrors.email ?? actionData?.formError;
    return refusal ? { kind: "error" as const, message: refusal } : null;
  }, [actionData]);
  return (
    <div className="space-y-6">
      <BackLink to="/admin/settings">Settings</BackLink>
      <PageHeader title="Admin roles" subtitle={`Admins have ${FULL_PERMISSIONS}.`} />
      {/* The spec's message box shows the outcome in place, in the look of every other notice. */}
      <FlashToast flash={notice} />
      <Card title="Grant admin access">
        <Form method="post" className="flex flex-col gap-2 sm:flex-row" noValidate>
          <input type="hidden" name="intent" value="grant" />
          <label htmlFor="admin-email" className="sr-only">
            Email
          </label>
          <input
            id="admin-email"
            name="email"
            type="email"
            placeholder="Email of an existing account"
            className={inputClass}
            aria-invalid={actionData?.fieldErrors.email ? true : undefined}
            defaultValue={actionData?.values.email}
            // Emptied once the list of admins changes (a grant went through).
            key={admins.map((a) => a.id).join()}
          />
          <Button type="submit" disabled={busy}>
            <ShieldCheck className="h-4 w-4" aria-hidden /> Grant Access
          </Button>
        </Form>
      </Card>
      <Card title="Administrators">
        <ul className="divide-y divide-slate-100">
          {admins.map((a) => (
            <PersonRow
              key={a.id}
              name={a.name}
              action={
                <ConfirmDialog
                  title="Remove admin role?"
                  description={`${a.name} (${a.email}) will lose access to the admin area.`}
                  confirmLabel="Remove"
                  disabled={busy}
                  onConfirm={() => submit({ intent: "remove", userId: a.id }, { method: "post" })}
                  trigger={
                    <Button
                      type="button"
                      size="sm"
                      variant="dangerGhost"
                      disabled={busy}
                      aria-label={`Remove ${a.name}`}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden /> Remove
                    </Button>
                  }
                />
              }
            >
              <span className="font-medium text-slate-900">{a.name}</span>{" "}
              {a.isPrimary ? <Badge tone="new">Primary</Badge> : null}
              <span className="block text-slate-600">{a.email}</span>
            </PersonRow>
          ))}
        </ul>
      </Card>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
