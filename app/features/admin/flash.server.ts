/** Redirect-after-post with a one-time message (a short-lived cookie, so any app instance can show it). */
import { type Cookie, createCookie, redirect } from "react-router";
import { getEnv } from "~/lib/env.server";

export interface Flash {
  kind: "success" | "error";
  message: string;
}

let cookie: Cookie | undefined;

/** Made on first use, so that importing this module never reads the configuration. */
function flashCookie() {
  if (cookie) return cookie;
  const env = getEnv();
  cookie = createCookie("ca_admin_flash", {
    path: "/admin",
    httpOnly: true,
    sameSite: "lax",
    secure: env.NODE_ENV === "production" && env.APP_URL.startsWith("https:"),
    maxAge: 60,
  });
  return cookie;
}

export async function redirectWithFlash(to: string, flash: Flash, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await flashCookie().serialize(flash));
  return redirect(to, { ...init, headers });
}

/** The pending message (if any) and the header that clears it; spread `headers` into the loader's response. */
export async function readFlash(request: Request): Promise<{ flash: Flash | null; headers: HeadersInit }> {
  const value = (await flashCookie().parse(request.headers.get("Cookie"))) as Flash | null;
  if (!value || typeof value.message !== "string") return { flash: null, headers: {} };
  return { flash: value, headers: { "Set-Cookie": await flashCookie().serialize("", { maxAge: 0 }) } };
}
