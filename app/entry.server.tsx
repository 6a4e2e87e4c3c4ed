import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter } from "react-router";
import { isDatabaseSuspect, markDatabaseSuspect } from "~/db/health.server";
import { SIGNED_IN_HINT_SCRIPT } from "~/features/accounts/personal";
import { CART_QUEUE_SCRIPT } from "~/features/cart/cart-context";
import { contentSecurityPolicy, createNonce, inlineScriptHashes } from "~/lib/csp.server";
import { getEnv } from "~/lib/env.server";
import { currentRequestId } from "~/lib/log.server";
import { browserStoreOrigin } from "~/platform/files/storage.server";

export const streamTimeout = 5_000;

/** The inline scripts every page carries (store layout), allowed by hash in the CSP. */
const INLINE_SCRIPT_HASHES = inlineScriptHashes([CART_QUEUE_SCRIPT + SIGNED_IN_HINT_SCRIPT]);

/** Server errors: a lost database turns the answer into a 503; everything is logged, never shown. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (markDatabaseSuspect(error)) return;
  // console.error (tests fail on an unexpected one), with the request's id to find its other lines.
  console.error(`request ${currentRequestId() ?? "-"}:`, error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  // A loader failed because the database is unreachable: say so with a 503.
  if (responseStatusCode >= 500 && isDatabaseSuspect()) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", "10");
  }
  const nonce = createNonce();
  if (getEnv().NODE_ENV === "production") {
    responseHeaders.set(
      "Content-Security-Policy",
      contentSecurityPolicy(nonce, INLINE_SCRIPT_HASHES, browserStoreOrigin()),
    );
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Bots and SPA-mode get the whole document at once; people get streaming.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(`request ${currentRequestId() ?? "-"}:`, error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
