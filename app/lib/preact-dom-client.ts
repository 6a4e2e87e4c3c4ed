/**
 * `react-dom/client` for the browser build, which runs on Preact (vite.config.ts). React Router
 * hydrates the whole `document`; Preact cannot: handed `document` it renders into `<html>` and so
 * nests a second `<html>` inside the first. The stand-in parent below owns exactly one child,
 * `<html>`, so the server's markup is adopted in place and the doctype is left alone.
 */
import { type ComponentChildren, createElement, options, render } from "preact";
import { hydrate, Suspense } from "preact/compat";
import { createRoot } from "preact/compat/client";
import type { ReactNode } from "react";

export { createRoot };

type HydrationParent = Parameters<typeof hydrate>[1];

/**
 * Effects (useEffect) run as React runs them: in a task of their own right after the commit, or,
 * when the render came from a discrete input event (a click, a key, a pointer down), before that
 * event's dispatch is over, so what an effect sets up on opening something (a listener for an
 * outside click, say) is in place before the next input arrives. Preact would wait for the next
 * animation frame (or 35 ms), which ties every effect to rendering: a tab in the background, or a
 * test that freezes the clock, would hold back the page's effects.
 */
const DISCRETE_EVENTS = new Set([
  "click",
  "keydown",
  "keyup",
  "pointerdown",
  "pointerup",
  "mousedown",
  "mouseup",
  "touchstart",
  "touchend",
  "input",
  "change",
  "submit",
  "focusin",
  "focusout",
]);
const effectsChannel = new MessageChannel();
const pendingEffects: (() => void)[] = [];
const flushEffects = () => {
  for (const run of pendingEffects.splice(0)) run();
};
effectsChannel.port1.onmessage = flushEffects;
options.requestAnimationFrame = (flush) => {
  pendingEffects.push(flush);
  if (pendingEffects.length > 1) return;
  // Set while the event's listeners run, and so while the microtasks after each one run: that is
  // where a render scheduled by a listener commits.
  const event = window.event;
  if (event && DISCRETE_EVENTS.has(event.type)) queueMicrotask(flushEffects);
  else effectsChannel.port2.postMessage(null);
};

/**
 * React 19's server renderer moves or adds tags in the head that the component tree does not have
 * there: the `<link rel="modulepreload">` that <Scripts> renders at the end of the body are hoisted
 * into the head, and `<link rel="preload" as="image">` tags are added for the page's first images.
 * Preact pairs elements by tag name in order, so these would be matched to the tree's own `<link>`s
 * and the stylesheet dropped as unmatched. They have done their work by now (the downloads started
 * while the page was parsed); Preact adds the modulepreloads again where <Scripts> renders them,
 * which fetches nothing twice.
 */
function dropHoistedHeadTags() {
  for (const link of document.head.querySelectorAll('link[rel="modulepreload"], link[rel="preload"][as="image"]')) {
    link.remove();
  }
}

function documentParent(): HydrationParent {
  dropHoistedHeadTags();
  const html = document.documentElement;
  const parent = {
    namespaceURI: html.namespaceURI,
    get firstChild() {
      return document.documentElement;
    },
    get childNodes() {
      return [document.documentElement];
    },
    insertBefore: (node: Node, before: Node | null) => document.insertBefore(node, before),
    appendChild: (node: Node) => document.appendChild(node),
    removeChild: (node: Node) => document.removeChild(node),
  };
  return parent as unknown as HydrationParent;
}

/**
 * <HydratedRouter> suspends on its first render until it has decoded the server's data. React
 * waits at the root; Preact needs a Suspense boundary, which keeps the server's HTML in place and
 * resumes hydrating it once the data is there. (Nothing else suspends outside a boundary of its
 * own: route modules are loaded before a navigation renders, and our lazy parts have theirs.)
 */
export function hydrateRoot(container: Element | Document, children: ReactNode) {
  const parent = container === document ? documentParent() : (container as HydrationParent);
  // Parts wrapped in <HydrateLater> (app/ui/hydrate-later.tsx) are hydrated one per task afterwards.
  window.__hydrateLater = true;
  const root = (next: ReactNode) => createElement(Suspense, { fallback: null }, next as ComponentChildren);
  hydrate(root(children), parent);
  return {
    render: (next: ReactNode) => render(root(next), parent),
    unmount: () => render(null, parent),
  };
}

export default { createRoot, hydrateRoot };
