import { isRouteErrorResponse, Link } from "react-router";
import { dbContext, userContext } from "~/features/accounts/context.server";
import { OrderStatusBadge } from "~/features/orders/order-status";
import { listOrdersForUser } from "~/features/orders/orders.server";
import { formatDate } from "~/lib/dates";
import { formatPaise } from "~/lib/money";
import { Button } from "~/ui/button";
import { Container } from "~/ui/container";
import type { Route } from "./+types/orders";

export function meta(_: Route.MetaArgs) {
  return [{ title: "My orders | Commerce Academy" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const user = context.get(userContext);
  return { orders: await listOrdersForUser(db, user.id) };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  return (
    <main id="main">
      <Container className="max-w-3xl py-8 sm:py-12">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">My orders</h1>
        {orders.length === 0 ? (
          <div className="mt-6 rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
            <p className="text-slate-600">You have no orders yet.</p>
            <Button asChild className="mt-4">
              <Link to="/courses">Go To Courses</Link>
            </Button>
          </div>
        ) : (
          <ul className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
            {orders.map((order) => (
              <li key={order.id}>
                <Link
                  to={`/account/orders/${order.id}`}
                  className="flex flex-wrap items-center gap-x-4 gap-y-1 p-4 hover:bg-slate-50"
                >
                  <span className="font-semibold text-slate-900">{order.number}</span>
                  <OrderStatusBadge status={order.status} />
                  <span className="w-full text-sm text-slate-600 sm:w-auto">
                    {formatDate(order.createdAt)} · {order.itemCount} {order.itemCount === 1 ? "item" : "items"}
                  </span>
                  <span className="ml-auto font-semibold text-slate-900">{formatPaise(order.totalPaise)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Container>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main id="main">
      <Container className="max-w-3xl py-12">
        <h1 className="text-2xl font-bold text-slate-900">My orders</h1>
        <p className="mt-4 text-slate-600">
          {status === 403 ? "You do not have access to this page." : "We could not load your orders. Please try again."}
        </p>
      </Container>
    </main>
  );
}
