/**
 * Hydrates a part of the page in a task of its own, after the rest.
 *
 * The browser build runs on Preact (docs/decisions/0007-preact-in-the-browser.md), which hydrates a
 * page in one uninterrupted task; on a cheap phone a long page would not answer a tap for a few
 * hundred milliseconds. Parts are wrapped in <HydrateLater>: during the first hydration each one
 * suspends (Preact keeps its server HTML in place, visible and unchanged) and they are then hydrated
 * one per task, in page order, so the browser can answer input between any two. A part inside a
 * held-back part is held back again when that one is hydrated, and comes right after it. Once every
 * part is hydrated, on the server and under React (`npm run dev`) it renders its child as it is, so
 * client-side navigations render everything at once.
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

/** The parts waiting to be hydrated, in page order. */
const pending: (() => void)[] = [];
/** Where a part held back inside the one being hydrated goes: right after its siblings. */
let insertAt = 0;
const waiting: (() => void)[] = [];
/** Every held-back part is hydrated (or none was): nothing is held back any more. */
let drained = false;
let channel: MessageChannel | null = null;
let scheduled = false;

function enabled() {
  return typeof window !== "undefined" && window.__hydrateLater === true;
}

function finish() {
  drained = true;
  for (const done of waiting.splice(0)) done();
}

/** A message, like the scheduler React uses: the next task, before any timer. */
function schedule() {
  if (scheduled) return;
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = openNext;
  }
  scheduled = true;
  channel.port2.postMessage(null);
}

/**
 * One task: hydrates the next part, or, when none is left, tells who waits. A part's hydration runs
 * a microtask after its gate opens and may hold back parts inside it, so the queue is looked at
 * again in the next task.
 */
function openNext() {
  scheduled = false;
  insertAt = 0;
  const open = pending.shift();
  if (!open) return finish();
  open();
  schedule();
}

function newGate(): HydrationGate | null {
  if (!enabled() || drained) return null;
  let resolve!: () => void;
  const gate: HydrationGate = { open: false, promise: new Promise<void>((r) => (resolve = r)) };
  pending.splice(insertAt++, 0, () => {
    gate.open = true;
    resolve();
  });
  schedule();
  return gate;
}

/**
 * Runs `callback` once every part wrapped in <HydrateLater> has been hydrated (at once when that
 * is done). Returns a function that cancels it.
 */
export function afterDeferredHydration(callback: () => void): () => void {
  let cancelled = false;
  const run = () => {
    if (!cancelled) callback();
  };
  if (drained || !enabled()) run();
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
 * hydration is committed. Where it held nothing back, nothing ever will.
 */
export function FirstHydrationMark() {
  useLayoutEffect(() => {
    if (pending.length === 0 && !scheduled) finish();
  }, []);
  return null;
}
