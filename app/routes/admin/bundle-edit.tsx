import { dbContext, userContext } from "~/features/accounts/context.server";
import { AdminErrorBoundary } from "~/features/admin/route-error";
import { BackLink, PageHeader } from "~/features/admin/ui";
import { BundleEditor, type BundleEditorValues } from "~/features/catalog/admin-bundle-editor";
import { getAdminBundle, listBundleChoices, saveBundle } from "~/features/catalog/bundles.server";
import { KIND_BASE_ROUTE } from "~/features/catalog/labels";
import { bundleFormSchema, bundleItemIds } from "~/features/catalog/schema";
import { asResponse } from "~/lib/errors";
import { redirectWithFlash } from "~/lib/flash.server";
import { failureFrom, formFailure, readForm, validate } from "~/lib/form.server";
import { paramId } from "~/lib/id";
import { paiseToDecimal } from "~/lib/money";
import type { Route } from "./+types/bundle-edit";

export function meta({ data: d }: Route.MetaArgs) {
  return [
    { title: `${d?.bundle?.title ?? "New bundle"} | Admin | Commerce Academy` },
    { name: "robots", content: "noindex" },
  ];
}

/** /admin/bundles/new (no id) or /admin/bundles/:id. */
function bundleId(params: { id?: string }) {
  return params.id === undefined ? undefined : paramId(params.id, "Bundle not found.");
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const id = bundleId(params);
  try {
    const [bundle, choices] = await Promise.all([
      id === undefined ? null : getAdminBundle(db, id),
      listBundleChoices(db),
    ]);
    // An archived item already in the bundle stays listed, so saving keeps it.
    const extra = bundle?.items.filter((i) => !choices.some((c) => c.id === i.id)) ?? [];
    return { bundle, choices: [...choices, ...extra] };
  } catch (error) {
    throw asResponse(error);
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = context.get(userContext);
  const id = bundleId(params);
  const form = await readForm(request);
  const v = validate(bundleFormSchema, form);
  const itemIds = bundleItemIds(form);
  const values = v.values;
  if (!v.ok) return formFailure({ ...v, values: { ...values, items: itemIds.join(",") } });
  try {
    const saved = await saveBundle(db, admin.id, id, {
      title: v.data.title,
      subject: v.data.category,
      classLevel: v.data.classLevel,
      status: v.data.status,
      pricePaise: v.data.price,
      description: v.data.description,
      itemIds,
    });
    return redirectWithFlash(`/admin/bundles/${saved.id}`, `Bundle "${saved.title}" saved.`);
  } catch (error) {
    return failureFrom(error, { ...values, items: itemIds.join(",") });
  }
}

export default function BundleEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { bundle, choices } = loaderData;
  const sent = actionData?.values;
  const initial: BundleEditorValues = sent
    ? {
        title: sent.title ?? "",
        category: sent.category ?? "accountancy",
        classLevel: sent.classLevel ?? "",
        status: sent.status ?? "draft",
        price: sent.price ?? "",
        description: sent.description ?? "",
        itemIds: (sent.items ?? "").split(",").filter(Boolean).map(Number),
      }
    : {
        title: bundle?.title ?? "",
        category: bundle?.subject ?? "accountancy",
        classLevel: bundle?.classLevel ?? "12",
        status: bundle?.status ?? "draft",
        price: bundle ? paiseToDecimal(bundle.pricePaise) : "",
        description: bundle?.description ?? "",
        itemIds: bundle?.items.map((i) => i.id) ?? [],
      };
  return (
    <div className="space-y-4">
      <BackLink to="/admin/courses?kind=bundle">Bundles</BackLink>
      <PageHeader
        title={bundle ? bundle.title : "New bundle"}
        subtitle="Existing items sold together at one price below their sum."
        actions={
          bundle?.status === "published" ? (
            <a
              href={`${KIND_BASE_ROUTE.bundle}/${bundle.id}`}
              className="text-sm font-semibold text-brand-700 hover:underline"
            >
              View in store
            </a>
          ) : undefined
        }
      />
      <BundleEditor
        key={bundle?.updatedAt ? String(bundle.updatedAt) : "new"}
        initial={initial}
        choices={choices}
        errors={actionData?.fieldErrors ?? {}}
        formError={actionData?.formError}
      />
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
