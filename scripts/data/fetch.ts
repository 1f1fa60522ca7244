// One publisher URL to one file on disk: a User-Agent with the operator's contact (BLS refuses requests without
// one), retries with backoff on network errors and 408/429/5xx, resumption of a cut-off body with a Range request,
// and progress on a terminal. A 404 or any other refusal fails at once, naming the URL and the status.
import { appendFileSync, existsSync, rmSync, statSync, writeFileSync } from "node:fs";

export class DownloadError extends Error {
  constructor(
    readonly url: string,
    readonly status: number | null,
    reason: string,
  ) {
    super(`${url}: ${status === null ? "" : `HTTP ${status} `}${reason}`.trim());
  }
}

export interface FetchOptions {
  userAgent: string;
  /** Tries per URL (the first included). */
  attempts: number;
  /** Wait before the second try; doubled for each one after. */
  backoffMs: number;
  /** A line per retry, and a progress line on a terminal. */
  log: (line: string) => void;
  progress: boolean;
}

const RETRYABLE = new Set([408, 429, 500, 502, 503, 504]);

/**
 * Fetch `address` into `dest`; returns the address it finally came from (after redirects) and its size. Errors
 * name `url`, the official address (`address` differs when DATA_DOWNLOAD_BASE maps it elsewhere).
 */
export async function fetchToFile(
  url: string,
  address: string,
  dest: string,
  opts: FetchOptions,
): Promise<{ finalUrl: string; bytes: number }> {
  rmSync(dest, { force: true });
  let lastProblem = "";
  // The first answer's validator: a resumed request asks for the rest of that same version (If-Range), or all of
  // a newer one, never two versions spliced.
  let validator: string | null = null;
  let resumable = false;
  for (let attempt = 1; attempt <= opts.attempts; attempt++) {
    if (attempt > 1) {
      const wait = opts.backoffMs * 2 ** (attempt - 2);
      opts.log(`  retry ${attempt - 1}/${opts.attempts - 1} in ${wait} ms: ${lastProblem}`);
      await Bun.sleep(wait);
    }
    // Resume only what a length was promised for: without one, a cut body and a whole one look alike.
    const have = resumable && existsSync(dest) ? statSync(dest).size : 0;
    let res: Response;
    try {
      res = await fetch(address, {
        redirect: "follow",
        // identity: the bytes on disk are the publisher's, so a Range resume continues the same byte stream.
        headers: {
          "User-Agent": opts.userAgent,
          "Accept-Encoding": "identity",
          ...(have ? { Range: `bytes=${have}-`, ...(validator ? { "If-Range": validator } : {}) } : {}),
        },
      });
    } catch (err) {
      lastProblem = `no answer (${(err as Error).message})`;
      continue;
    }
    const resumed = res.status === 206 && have > 0 && rangeStart(res) === have;
    if ((res.status === 416 || res.status === 206) && !resumed) {
      // past the end, or not these bytes' continuation
      await res.body?.cancel();
      rmSync(dest, { force: true });
      lastProblem = `HTTP ${res.status} to a resume from byte ${have}; starting again`;
      continue;
    }
    if (!res.ok) {
      await res.body?.cancel();
      if (RETRYABLE.has(res.status)) {
        lastProblem = `HTTP ${res.status}`;
        continue;
      }
      throw new DownloadError(url, res.status, res.statusText || "refused");
    }
    if (!resumed) {
      writeFileSync(dest, "");
      validator = res.headers.get("etag") ?? res.headers.get("last-modified");
    }
    const expected = totalLength(res, resumed ? have : 0);
    resumable = expected !== null;
    const received = await streamInto(res, dest, resumed ? have : 0, expected, opts);
    if (expected !== null && received.bytes > expected)
      throw new DownloadError(url, res.status, `sent ${received.bytes} bytes, more than the ${expected} announced`);
    if (received.error || (expected !== null && received.bytes < expected)) {
      lastProblem = `body cut off at ${received.bytes} of ${expected ?? "?"} bytes${received.error ? ` (${received.error})` : ""}`;
      continue;
    }
    return { finalUrl: res.url || address, bytes: received.bytes };
  }
  throw new DownloadError(url, null, `failed after ${opts.attempts} tries: ${lastProblem}`);
}

/** Where a 206 answer's bytes start (Content-Range: bytes START-END/TOTAL). */
const rangeStart = (res: Response) => Number(/^bytes (\d+)-/.exec(res.headers.get("content-range") ?? "")?.[1] ?? -1);

/** The whole file's size, from Content-Range (a resumed answer) or Content-Length; null when not said. */
function totalLength(res: Response, offset: number): number | null {
  const range = /\/(\d+)\s*$/.exec(res.headers.get("content-range") ?? "");
  if (range) return Number(range[1]);
  const length = res.headers.get("content-length");
  return length === null ? null : offset + Number(length);
}

async function streamInto(res: Response, dest: string, offset: number, expected: number | null, opts: FetchOptions) {
  let bytes = offset;
  let shown = 0;
  try {
    for await (const chunk of res.body ?? []) {
      appendFileSync(dest, chunk);
      bytes += chunk.byteLength;
      if (opts.progress && performance.now() - shown > 250) {
        shown = performance.now();
        process.stderr.write(`\r  ${mb(bytes)}${expected ? ` of ${mb(expected)}` : ""}   `);
      }
    }
    if (opts.progress) process.stderr.write("\r\x1b[K");
    return { bytes, error: null };
  } catch (err) {
    if (opts.progress) process.stderr.write("\r\x1b[K");
    return { bytes, error: (err as Error).message };
  }
}

const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
