import { type ComponentType, createElement, useState, useSyncExternalStore } from "react";
import { useNavigate } from "react-router";
import { OnDemand } from "./on-demand";

const subscribeNothing = () => () => {};
/** One object for every render: React sets innerHTML again whenever this prop is a new object. */
const KEEP_CHILDREN = { __html: "" };

/**
 * A section that needs no JavaScript in the browser (no state, no handlers): on a page's first load
 * the server's HTML is kept as sent and the section's code is never downloaded. React does not
 * hydrate the children of an element rendered with `dangerouslySetInnerHTML`, so the browser renders
 * an empty one in its place and the server's markup stays. Its links still navigate in the app: a
 * click on one is handed to React Router. Rendered fresh in the browser (a client-side navigation to
 * the page), the section's module is loaded then; give it a `key` that changes when its content
 * must (an error page's status). Used for the home page's sections below the products and for the
 * error pages. `component` comes from lazyComponent (./on-demand.tsx).
 */
export function ServerHtml<P extends object>({ component, props }: { component: ComponentType<P>; props: P }) {
  // True only while this component is being hydrated (React reads the server snapshot then).
  const hydrating = useSyncExternalStore(
    subscribeNothing,
    () => false,
    () => true,
  );
  const [keepServerHtml] = useState(hydrating);
  const navigate = useNavigate();
  if (import.meta.env.SSR) return <div className="contents">{createElement(component, props)}</div>;
  if (keepServerHtml) {
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: only forwards clicks on the links inside to the router
      // biome-ignore lint/a11y/useKeyWithClickEvents: Enter on a link is a click; nothing else is handled
      <div
        className="contents"
        onClick={(e) => {
          const link = (e.target as Element).closest("a");
          if (!link || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
          if (
            link.origin !== location.origin ||
            (link.target && link.target !== "_self") ||
            link.hasAttribute("download")
          ) {
            return;
          }
          e.preventDefault();
          navigate(link.pathname + link.search + link.hash);
        }}
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: empty on purpose: hydration keeps the server's children
        dangerouslySetInnerHTML={KEEP_CHILDREN}
      />
    );
  }
  return (
    <div className="contents">
      <OnDemand component={component} props={props} />
    </div>
  );
}
