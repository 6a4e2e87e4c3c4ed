import { dbContext } from "~/features/accounts/context.server";
import { listToppers } from "~/features/marketing/marketing.server";
import { ToppersBySubject } from "~/features/marketing/toppers";
import { appUrlFromMatches, seoMeta } from "~/features/seo/seo";
import { StoreErrorPage } from "~/features/site/not-found";
import { Container } from "~/ui/container";
import type { Route } from "./+types/toppers";

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  return { toppers: await listToppers(db) };
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({
    title: "Our Toppers | Commerce Academy",
    description:
      "Board exam toppers in Accountancy, Business Studies, Economics and English who prepared with Commerce Academy.",
    path: "/toppers",
    appUrl: appUrlFromMatches(matches),
  });
}

export default function Toppers({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main">
      <Container className="py-10 sm:py-14">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Our Toppers</h1>
        <p className="mt-2 mb-10 max-w-2xl text-slate-600">
          Students who prepared with us and scored at the very top of their board exams.
        </p>
        <ToppersBySubject toppers={loaderData.toppers} />
      </Container>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StoreErrorPage error={error} />;
}
