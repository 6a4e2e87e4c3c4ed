/**
 * Hydrates a part of the page in a task of its own, after the rest.
 *
 * The browser build runs on Preact (docs/decisions/0007-preact-in-the-browser.md), which hydrates a
 * page in one uninterrupted task; on a cheap phone a long page would not answer a tap for a few
 * hundred milliseconds. Parts below the fold are wrapped in <HydrateLater>: during the first
 * hydration each one suspends (Preact keeps its server HTML in place, visible and unchanged) and they
 * are then hydrated one per task, in page order, so the browser can answer input between any two.
 * After the first hydration, on the server and under React (`npm run dev`) it renders its child as
 * it is, so client-side navigations render everything at once.
 *
 * The child must render exactly one element: Preact keeps one DOM node for a suspended component.
 */
import { Component, type ReactElement, Suspense, useLayoutEffect } from "react";

declare global {
  interface Window {
    /** Set by app/lib/preact-dom-client.ts before the first hydration. */
    __hydrateLater?: boolean;
  }
}

type HydrationGate = { promise: Promise<void>; open: boolean };

const pending: (() => void)[] = [];
const waiting: (() => void)[] = [];
/** The first hydration has been committed (<FirstHydrationMark>): nothing is held back any more. */
let firstPassDone = false;
let channel: MessageChannel | null = null;

function enabled() {
  return typeof window !== "undefined" && window.__hydrateLater === true;
}

/** Opens one gate per task (a message, like the scheduler React uses), then tells who waits. */
function openNext() {
  const open = pending.shift();
  open?.();
  if (pending.length > 0) channel?.port2.postMessage(null);
  else for (const done of waiting.splice(0)) done();
}

function newGate(): HydrationGate | null {
  if (!enabled() || firstPassDone) return null;
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = openNext;
  }
  let resolve!: () => void;
  const gate: HydrationGate = { open: false, promise: new Promise<void>((r) => (resolve = r)) };
  pending.push(() => {
    gate.open = true;
    resolve();
  });
  if (pending.length === 1) channel.port2.postMessage(null);
  return gate;
}

/**
 * Runs `callback` once every part wrapped in <HydrateLater> has been hydrated (at once where
 * nothing waits). Returns a function that cancels it.
 */
export function afterDeferredHydration(callback: () => void): () => void {
  let cancelled = false;
  const run = () => {
    if (!cancelled) callback();
  };
  if (pending.length === 0) run();
  else waiting.push(run);
  return () => {
    cancelled = true;
  };
}

/**
 * A class so that the gate lives on the instance, made once: Preact keeps the instance of a
 * suspended component, but not its hook state, and a parent that renders again while this part is
 * still held back must find the same gate (or it would hydrate the part there and then).
 */
class Gate extends Component<{ children: ReactElement }> {
  gate = newGate();
  render() {
    if (this.gate && !this.gate.open) throw this.gate.promise;
    return this.props.children;
  }
}

export function HydrateLater({ children }: { children: ReactElement }) {
  if (!enabled()) return children;
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  );
}

/**
 * Rendered once in the document's layout (app/root.tsx): its layout effect runs when the first
 * hydration is committed, after every part held back by it has got its place in the queue.
 * Later renders (client-side navigations) hold nothing back.
 */
export function FirstHydrationMark() {
  useLayoutEffect(() => {
    firstPassDone = true;
  }, []);
  return null;
}
