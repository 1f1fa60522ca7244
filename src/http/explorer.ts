// The browser explorer's files (src/explorer, bundled by scripts/build-explorer.ts): index.html at / and at every
// /explore/… page (the app routes in the browser), its assets at /explore/assets/<name>. They come from the
// executable itself (embedded with --asset) or, run from source, from build/explorer. The page's CSP allows only
// this origin's scripts, styles and API: nothing loads from elsewhere, so it works air-gapped.
import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ApiError } from "./errors.ts";
import { errorResponse, securityHeaders } from "./responses.ts";
import type { RequestContext } from "./request-context.ts";

/** File name ("index.html", "index-3kx9.js") → its bytes. */
export type ExplorerAssets = ReadonlyMap<string, Blob>;

const EMBEDDED_DIR = "explorer/";
const SOURCE_DIR = fileURLToPath(new URL("../../build/explorer/", import.meta.url));

/** The embedded files when running as the executable, else build/explorer; empty when neither has them. */
export function loadExplorerAssets(): ExplorerAssets {
  const embedded = (Bun.embeddedFiles as (Blob & { name: string })[]).filter((f) => f.name.startsWith(EMBEDDED_DIR));
  if (embedded.length) return new Map(embedded.map((f) => [f.name.slice(EMBEDDED_DIR.length), f]));
  if (!existsSync(SOURCE_DIR)) return new Map();
  return new Map(readdirSync(SOURCE_DIR).map((name) => [name, Bun.file(SOURCE_DIR + name)]));
}

const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  json: "application/json",
  svg: "image/svg+xml",
  png: "image/png",
  woff2: "font/woff2",
};

/** Whether a path is the explorer's: "/", "/explore" and anything under "/explore/". */
export const isExplorerPath = (path: string) => path === "/" || path === "/explore" || path.startsWith("/explore/");

export function serveExplorer(
  path: string,
  method: string,
  ctx: RequestContext,
  assets: ExplorerAssets,
  docBaseUrl: string,
): Response {
  const notFound = (message: string, suggestion?: string) =>
    errorResponse(new ApiError("NOT_FOUND", message, { suggestion }), ctx, docBaseUrl);
  if (method !== "GET" && method !== "HEAD") {
    return errorResponse(
      new ApiError("METHOD_NOT_ALLOWED", `${method} is not allowed on ${path.slice(0, 200)}; use GET.`, {
        headers: { Allow: "GET, HEAD" },
      }),
      ctx,
      docBaseUrl,
    );
  }
  if (!assets.size) {
    // The operator's fix goes to the log; the browser is told what it can do.
    logExplorerMissing();
    return notFound("The explorer is not installed on this server.", "Ask whoever runs this service to build it.");
  }
  const asset = path.startsWith("/explore/assets/") ? path.slice("/explore/assets/".length) : null;
  const name = asset ?? "index.html";
  const file = assets.get(name);
  if (!file || (asset !== null && name === "index.html")) return notFound(`No explorer file at ${path.slice(0, 200)}.`);
  const headers = securityHeaders(ctx, TYPES[name.slice(name.lastIndexOf(".") + 1)] ?? "application/octet-stream");
  headers["Content-Security-Policy"] = PAGE_CSP;
  // Assets are named by their content's hash, so a browser may keep them; the page itself is always re-read.
  if (asset !== null) headers["Cache-Control"] = "public, max-age=31536000, immutable";
  return new Response(method === "HEAD" ? null : file, { status: 200, headers });
}

function logExplorerMissing() {
  console.error(
    JSON.stringify({
      level: "error",
      msg: "the explorer is not built: run `npm run explorer` (npm start and npm run build do it), then restart",
    }),
  );
}
