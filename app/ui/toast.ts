/**
 * Toasts without Sonner in the first load: Sonner (and its <Toaster>) is fetched the first time a
 * toast is shown. Sonner's Toaster replays toasts that were published before it mounted.
 */
import type { ExternalToast } from "sonner";

type Sonner = typeof import("sonner");
let sonner: Promise<Sonner> | undefined;
const listeners = new Set<() => void>();

/** Starts loading Sonner (once) and tells the lazy Toaster to mount. */
export function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import("sonner");
    for (const l of listeners) l();
  }
  return sonner;
}

export function subscribeSonner(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const sonnerWanted = () => sonner !== undefined;

type Message = Parameters<Sonner["toast"]["success"]>[0];
const show = (kind: "success" | "info" | "error") => (message: Message, data?: ExternalToast) => {
  void loadSonner().then((m) => m.toast[kind](message, data));
};

export const toast = { success: show("success"), info: show("info"), error: show("error") };
