import { useEffect, useState } from "react";
import { cn } from "./cn";

/** How long a success or error notice stays (spec: toasts and the admin message box, 3000 ms). */
export const TOAST_MS = 3000;

/**
 * The one-time message of the last action (app/lib/flash.server.ts), rendered by the server so it
 * shows without JavaScript; once hydrated it leaves after TOAST_MS. A new `flash` object (a new
 * loader or action result) shows again, so keep the object stable between renders.
 */
export function FlashToast({ flash }: { flash: { kind: "success" | "error"; message: string } | null }) {
  const [shown, setShown] = useState(flash);
  useEffect(() => {
    setShown(flash);
    if (!flash) return;
    const timer = setTimeout(() => setShown(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [flash]);
  if (!shown) return null;
  return (
    // Below the store header and the admin top bar (4rem each), so it never covers their navigation.
    <div className="pointer-events-none fixed inset-x-0 top-[4.75rem] z-[60] flex justify-center px-4">
      <p
        role={shown.kind === "error" ? "alert" : "status"}
        data-flash={shown.kind}
        className={cn(
          "pointer-events-auto max-w-lg rounded-lg border px-4 py-3 text-sm font-medium shadow-lg",
          shown.kind === "error"
            ? "border-red-300 bg-red-50 text-red-800"
            : "border-emerald-300 bg-emerald-50 text-emerald-800",
        )}
      >
        {shown.message}
      </p>
    </div>
  );
}
