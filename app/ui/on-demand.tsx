import { type ComponentType, createElement, lazy, type ReactNode, Suspense } from "react";

/*
 * Code a page needs only sometimes, kept out of its first load (issue 34: `/` from 121,635 bytes of
 * gzipped JavaScript). The caller names the component twice: the module itself in the server build
 * (awaited at the top level) and an import for the browser:
 *
 *   const load = () => import("./the-module");
 *   const loaded = import.meta.env.SSR ? await load() : null;
 *   const Thing = lazyComponent(loaded, load, (m) => m.Thing);
 *   … <ServerHtml component={Thing} props={{ … }} /> (./server-html.tsx)
 *
 * so the browser's bundle has only the dynamic import (a static import would pull the module into
 * the caller's chunk) and the server renders the component at once, never streaming a fallback.
 */

/** A component that can be fetched ahead of its first render (a route's clientLoader does). */
export type LazyComponent<P> = ComponentType<P> & { preload(): Promise<unknown> };

/**
 * The component itself on the server, a React.lazy of it in the browser. `preload()` fetches the
 * code; once it is here the lazy renders at once instead of suspending (its first render gets a
 * thenable that has already resolved), so a page rendered after a preload has its full height for
 * the scroll restoration of a Back.
 */
export function lazyComponent<M, P extends object>(
  server: M | null,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): LazyComponent<P> {
  if (server) return Object.assign(pick(server), { preload: () => Promise.resolve() });
  let loaded: ComponentType<P> | undefined;
  const preload = () => load().then((module) => (loaded = pick(module)));
  const Lazy = lazy(() => {
    const ready = loaded;
    if (!ready) return preload().then((component) => ({ default: component }));
    // React.lazy reads a thenable that resolves at once synchronously (no suspending render).
    const resolved = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, for React.lazy
      then: (resolve: (module: { default: ComponentType<P> }) => void) => resolve({ default: ready }),
    };
    return resolved as unknown as Promise<{ default: ComponentType<P> }>;
  });
  return Object.assign(Lazy, { preload }) as unknown as LazyComponent<P>;
}

/**
 * A component whose code the browser downloads when it is first rendered, in the browser only (the
 * open tooltip's panel, a <ServerHtml> part rendered anew): nothing shows until the code is here,
 * unless it was preloaded.
 */
export function OnDemand<P extends object>({
  component,
  props,
  fallback = null,
}: {
  component: ComponentType<P>;
  props: P;
  fallback?: ReactNode;
}) {
  return <Suspense fallback={fallback}>{createElement(component, props)}</Suspense>;
}
