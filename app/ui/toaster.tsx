import { lazy, Suspense, useSyncExternalStore } from "react";
import type { ToasterProps } from "sonner";
import { loadSonner, sonnerWanted, subscribeSonner } from "./toast";

const SonnerToaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

/** Sonner's <Toaster>, mounted (and downloaded) only once something asked for a toast. */
export function Toaster(props: ToasterProps) {
  const wanted = useSyncExternalStore(subscribeSonner, sonnerWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster {...props} />
    </Suspense>
  );
}
