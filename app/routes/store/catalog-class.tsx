import { data } from "react-router";
import { z } from "zod";
import { dbContext } from "~/features/accounts/context.server";
import { getOptionalUser } from "~/features/accounts/guards.server";
import { cardAction } from "~/features/cart/card-action";
import { listPublishedProducts } from "~/features/catalog/catalog.server";
import { KIND_BASE_ROUTE, KIND_LABELS, kindFromPath } from "~/features/catalog/labels";
import { ProductSection } from "~/features/catalog/product-grid";
import { ownedAmong, ownedIdsOf } from "~/features/learning/access.server";
import { appUrlFromMatches, seoMeta } from "~/features/seo/seo";
import { StoreErrorPage } from "~/features/site/not-found";
import { usePersonal } from "~/features/site/personal";
import { Container } from "~/ui/container";
import type { Route } from "./+types/catalog-class";

const params = z.object({ std: z.enum(["11", "12"]) });

const SUBTITLE = {
  course: "Video courses with lessons, practice and chapter tests",
  note: "Handwritten notes, formula sheets and summaries",
  pyq: "Previous-year papers with solutions and marking schemes",
  test: "Timed board-pattern tests, scored and explained",
  bundle: "Complete sets at one price below the sum of their items",
} as const;

export async function loader({ request, params: raw, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const kind = kindFromPath(new URL(request.url).pathname);
  const parsed = params.safeParse(raw);
  if (!kind || !parsed.success) throw data(null, { status: 404 });
  const std = parsed.data.std;
  const [products, owned] = await Promise.all([
    listPublishedProducts(db, kind, { classLevel: std }),
    getOptionalUser(db, request, context).then((user) => ownedIdsOf(db, user)),
  ]);
  return { kind, std, products, ...ownedAmong(owned, products) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { kind, std } = loaderData;
  return seoMeta({
    title: `Class ${std} ${KIND_LABELS[kind]} | Commerce Academy`,
    description: `${KIND_LABELS[kind]} for Class ${std} commerce students: ${SUBTITLE[kind].toLowerCase()}, in Accountancy, Economics, Business Studies and English.`,
    path: `${KIND_BASE_ROUTE[kind]}/std/${std}`,
    appUrl: appUrlFromMatches(matches),
  });
}

export default function CatalogClass({ loaderData }: Route.ComponentProps) {
  const { kind, std, products } = loaderData;
  const personal = usePersonal();
  const owned = loaderData.owned ?? personal?.owned;
  return (
    <main id="main">
      <Container>
        <ProductSection
          headingLevel={1}
          title={`Class ${std} ${KIND_LABELS[kind]}`}
          subtitle={SUBTITLE[kind]}
          products={products}
          itemAction={cardAction(owned)}
          empty={`No ${KIND_LABELS[kind].toLowerCase()} for Class ${std} yet. Please check back soon.`}
        />
      </Container>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StoreErrorPage error={error} />;
}
