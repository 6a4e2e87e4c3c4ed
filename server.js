// Production (and dev) HTTP entry: static assets with long-lived caching,
// compression, security headers, structured logs, health checks and a
// graceful shutdown that drains requests and closes the database.
import cluster from "node:cluster";
import http from "node:http";
import path from "node:path";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import pino from "pino";
import { pinoHttp } from "pino-http";
import { runPrimary } from "./server/primary.js";
import { requestId, requestLogOptions, requestScope } from "./server/request-log.js";

// NODE_ENV is the one variable read here directly: it decides which app to load (the Vite dev
// server or the build) before the app's configuration can be read. Every other setting comes from
// getEnv() (app/lib/env.server.ts), which parses and checks them all.
const DEVELOPMENT = process.argv.includes("--dev") || process.env.NODE_ENV === "development";
if (!process.env.NODE_ENV) process.env.NODE_ENV = DEVELOPMENT ? "development" : "production";
const SHUTDOWN_TIMEOUT_MS = 4500;
const BUILD_PATH = path.resolve("build/server/index.js");
// Request bodies: forms and JSON are small; admin screens upload files (PDFs up to 50 MB), and a
// student's doubt under a lesson or a practice result (/my-courses/…) carries a photo (up to 5 MB).
const BODY_LIMIT = 1024 * 1024;
const ADMIN_BODY_LIMIT = 60 * 1024 * 1024;
const DOUBT_BODY_LIMIT = 6 * 1024 * 1024;
// A photo (5 MB) or a PDF (10 MB) of a handwritten answer: /api/practice/attempts/:id/files.
const ANSWER_FILE_BODY_LIMIT = 11 * 1024 * 1024;
const ANSWER_FILES_PATH = /^\/api\/practice\/attempts\/\d+\/files$/;
// A body over its limit but at most this large is read and thrown away after the 413 (see below).
const DISCARD_LIMIT = 16 * 1024 * 1024;

/** A bad setting stops the start with its one-line message (no stack trace); anything else is thrown on. */
function stopOnConfigError(error) {
  if (error?.name !== "EnvError") throw error;
  console.error(error.message);
  process.exit(1);
}

let viteDevServer;
let appModule;
let env;
try {
  if (DEVELOPMENT) {
    const vite = await import("vite");
    viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
    appModule = await viteDevServer.ssrLoadModule("./server/app.ts");
  } else {
    appModule = await import(BUILD_PATH);
  }
  env = appModule.getEnv();
} catch (error) {
  await viteDevServer?.close();
  stopOnConfigError(error);
}

const logger = pino({ level: env.LOG_LEVEL });

// With PostgreSQL, one process per core (WEB_CONCURRENCY): this process forks the workers, restarts
// one that dies and passes a shutdown on to all; each worker runs everything below.
if (cluster.isPrimary && !DEVELOPMENT && env.SERVER_PROCESSES > 1) {
  runPrimary({ workers: env.SERVER_PROCESSES, logger, shutdownTimeoutMs: SHUTDOWN_TIMEOUT_MS });
} else {
  await serveHttp();
}

async function serveHttp() {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY ? 1 : false);
  app.use(
    helmet({
      // The CSP with per-request nonces is set by the app itself.
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: DEVELOPMENT ? false : { maxAge: 31536000, includeSubDomains: true },
      frameguard: { action: "deny" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  );
  app.use(compression());
  // Bodies are read whole by form actions, so their size is capped before anything reads them.
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const length = req.headers["content-length"];
    const where = req.path.toLowerCase();
    const limit = where.startsWith("/admin")
      ? ADMIN_BODY_LIMIT
      : where.startsWith("/my-courses/")
        ? DOUBT_BODY_LIMIT
        : ANSWER_FILES_PATH.test(where)
          ? ANSWER_FILE_BODY_LIMIT
          : BODY_LIMIT;
    if (length === undefined && req.headers["transfer-encoding"]) {
      res.status(411).set({ Connection: "close", "Cache-Control": "no-store" });
      return res.type("text/plain").send("Please send the request again with its length (Content-Length).");
    }
    if (length !== undefined && Number(length) > limit) {
      // A client sends its whole body before it reads the answer. Closing the connection while the
      // body still arrives resets it (TCP drops what the client had not read yet), and the client
      // shows a network error instead of this answer (server.e2e saw EPIPE on a 2 MB login form).
      // So a body up to DISCARD_LIMIT is read and thrown away on a connection kept open, as nginx's
      // lingering close does; a larger one is not read at all, and the connection closes.
      const discard = Number(length) <= DISCARD_LIMIT;
      res.status(413).set({ "Cache-Control": "no-store", ...(discard ? {} : { Connection: "close" }) });
      if (discard) req.resume();
      const mb = Math.round(limit / 1024 / 1024);
      return res.type("text/plain").send(`The request is too large: the limit is ${mb} MB.`);
    }
    next();
  });
  app.use(pinoHttp({ logger, ...requestLogOptions }));
  // Everything below runs in the request's scope: the app's own log lines carry its id (reqId).
  app.use((req, _res, next) => requestScope.run({ id: req.id }, next));

  if (DEVELOPMENT) {
    app.use(viteDevServer.middlewares);
    app.use(async (req, res, next) => {
      try {
        const source = await viteDevServer.ssrLoadModule("./server/app.ts");
        return source.app(req, res, next);
      } catch (error) {
        if (error instanceof Error) viteDevServer.ssrFixStacktrace(error);
        next(error);
      }
    });
  } else {
    // Hashed build assets never change: cache them for a year.
    // Brotli/gzip copies are made at build time (scripts/vite-precompress.ts): nothing is compressed per request.
    app.use(
      "/assets",
      expressStaticGzip("build/client/assets", {
        enableBrotli: true,
        orderPreference: ["br", "gz"],
        index: false,
        serveStatic: { immutable: true, maxAge: "1y", index: false },
      }),
    );
    app.use(express.static("build/client", { maxAge: "1d", index: false }));
    app.use(appModule.app);
  }

  // Last resort: never leak a stack trace.
  app.use((err, req, res, _next) => {
    req.log?.error({ err }, "unhandled error");
    if (res.headersSent) return res.end();
    res.status(500).type("text/plain").send("Internal Server Error");
  });

  const started = Date.now();
  const info = await appModule.startup().catch(stopOnConfigError);
  logger.info({ ...info, ms: Date.now() - started }, "database ready");

  // Anonymous page-cache hits are answered before any middleware (server/app.ts serveFromPageCache).
  const fastPath = DEVELOPMENT ? undefined : appModule.serveFromPageCache;
  const logHits = logger.isLevelEnabled("info");
  const server = http.createServer((req, res) => {
    appModule.observeHttp(req, res);
    const reqId = requestId(req, res);
    if (fastPath?.(req, res)) {
      if (logHits)
        logger.info(
          {
            req: { id: reqId, method: req.method, url: req.url },
            res: { statusCode: res.statusCode },
            cache: "hit",
          },
          "request completed",
        );
      return;
    }
    app(req, res);
  });
  server.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    logger.info({ port }, `listening on http://localhost:${port}`);
  });
  server.keepAliveTimeout = 65_000;

  let shuttingDown = false;
  async function shutdown(signal) {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, "shutting down: draining requests");
    const force = setTimeout(() => {
      logger.warn("shutdown timeout: closing remaining connections");
      server.closeAllConnections();
    }, SHUTDOWN_TIMEOUT_MS - 1000);
    force.unref();
    const hardExit = setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS);
    hardExit.unref();
    const drained = new Promise((resolve) => {
      server.close(resolve);
      server.closeIdleConnections();
    });
    // A PDF job still running is cancelled (its request answers 503 at once) rather than holding up the drain.
    await appModule.stopPdfJobs().catch((err) => logger.error({ err }, "error while stopping the PDF workers"));
    await drained;
    try {
      await appModule.shutdown();
      logger.info("database closed");
    } catch (err) {
      logger.error({ err }, "error while closing the database");
    }
    process.exit(0);
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
