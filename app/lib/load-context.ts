/** What the HTTP server hands every loader and action (server/app.ts getLoadContext). */
declare module "react-router" {
  interface AppLoadContext {
    /** The client's address as express sees it (honours TRUST_PROXY). */
    clientIp?: string;
  }
}

export function clientIpOf(context: unknown): string | undefined {
  const ip = (context as { clientIp?: unknown } | null | undefined)?.clientIp;
  return typeof ip === "string" && ip ? ip : undefined;
}
