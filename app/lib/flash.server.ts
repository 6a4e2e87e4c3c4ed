/**
 * The one way to tell someone an action worked: the action redirects with a one-time message in a
 * short-lived cookie (any app instance can show it), the root loader reads it and clears it, and
 * <FlashToast> (app/ui/flash-toast.tsx) shows it. It works without JavaScript, and the anonymous
 * page cache never stores or serves such a page: the request carries a cookie and the answer a
 * Set-Cookie (server/page-cache.ts).
 */
import { type Cookie, createCookie, redirect } from "react-router";
import { getEnv } from "./env.server";

export interface Flash {
  kind: "success" | "error";
  message: string;
}

let cookie: Cookie | undefined;

/** Made on first use, so that importing this module never reads the configuration. */
function flashCookie() {
  if (cookie) return cookie;
  const env = getEnv();
  cookie = createCookie("ca_flash", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env.NODE_ENV === "production" && env.APP_URL.startsWith("https:"),
    maxAge: 60,
  });
  return cookie;
}

/** Redirect-after-post with a success message (or `{ kind: "error", message }`). */
export async function redirectWithFlash(to: string, flash: string | Flash, init: ResponseInit = {}) {
  const value: Flash = typeof flash === "string" ? { kind: "success", message: flash } : flash;
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await flashCookie().serialize(value));
  return redirect(to, { ...init, headers });
}

/** The pending message (if any) and the header that clears it; return `headers` with the loader's data. */
export async function readFlash(request: Request): Promise<{ flash: Flash | null; headers: HeadersInit }> {
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes("ca_flash=")) return { flash: null, headers: {} };
  const value = (await flashCookie().parse(cookie)) as Partial<Flash> | null;
  const clear = { "Set-Cookie": await flashCookie().serialize("", { maxAge: 0 }) };
  if (!value || typeof value.message !== "string" || !value.message) return { flash: null, headers: clear };
  return { flash: { kind: value.kind === "error" ? "error" : "success", message: value.message }, headers: clear };
}
