import { useContext, useLayoutEffect } from "react";
import { ScrollRestoration as RouterScrollRestoration, UNSAFE_DataRouterStateContext } from "react-router";

/**
 * React Router's <ScrollRestoration>, with a second look once the page has rendered. Back/forward
 * restores the saved position in a layout effect; on Preact (the browser build, see
 * docs/decisions/0007-preact-in-the-browser.md) that effect can run before the routed page below
 * it has re-rendered, so on a longer page the position is cut to the old page's height. The
 * microtask queued here runs after the whole re-render and puts the position right.
 */
export function ScrollRestoration() {
  const state = useContext(UNSAFE_DataRouterStateContext);
  const target = state?.restoreScrollPosition;
  const location = state?.location;
  useLayoutEffect(() => {
    if (typeof target !== "number" || location === undefined) return;
    queueMicrotask(() => {
      if (Math.abs(window.scrollY - target) > 1) window.scrollTo(0, target);
    });
  }, [target, location]);
  return <RouterScrollRestoration />;
}
