// The request body as JSON, read within limits: at most MAX_BODY_BYTES (also when no Content-Length was sent,
// e.g. chunked), within REQUEST_TIMEOUT_MS (a client that trickles its body is cut off), nested at most
// MAX_JSON_DEPTH levels (checked on the text, before parsing). Each limit answers in the spec's envelope: 413, 408, 422.
import { ApiError } from "./errors.ts";

export const MAX_JSON_DEPTH = 32;

export interface BodyLimits {
  maxBytes: number;
  timeoutMs: number;
}

const invalid = (code: string, message: string, detail: string) =>
  new ApiError("VALIDATION_ERROR", message, { field: "body", errors: [{ field: "body", code, message: detail }] });

/** `csvToo`: the route also takes a CSV body (csv-body.ts), which the error's message then names. */
export async function jsonBody(request: Request, limits: BodyLimits, csvToo = false): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    const expected = csvToo
      ? "JSON or CSV (Content-Type: application/json or text/csv)"
      : "JSON (Content-Type: application/json)";
    throw invalid(
      "unsupported_media_type",
      `The request body must be ${expected}.`,
      `content type ${type.slice(0, 60) || "missing"}`,
    );
  }
  const text = await readText(request, limits);
  // Checked before parsing: a few megabytes of "[[[[…" would otherwise hold the event loop in JSON.parse.
  if (nestedDeeperThan(text, MAX_JSON_DEPTH))
    throw invalid("too_deep", `The request body is nested deeper than ${MAX_JSON_DEPTH} levels.`, "nested too deeply");
  try {
    return JSON.parse(text);
  } catch {
    throw invalid("invalid_json", "The request body is not valid JSON.", "malformed JSON");
  }
}

export async function readText(request: Request, { maxBytes, timeoutMs }: BodyLimits): Promise<string> {
  if (!request.body) return "";
  const tooLarge = () => new ApiError("PAYLOAD_TOO_LARGE", `The request body exceeds the limit of ${maxBytes} bytes.`);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: Timer | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ApiError("REQUEST_TIMEOUT", `The request body did not arrive within ${timeoutMs} ms.`)),
      timeoutMs,
    );
  });
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), deadline]);
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw tooLarge();
      chunks.push(value);
    }
  } catch (err) {
    reader.cancel().catch(() => {});
    throw err;
  } finally {
    clearTimeout(timer);
  }
  return new TextDecoder().decode(Buffer.concat(chunks, size));
}

/**
 * Whether JSON text opens more than `max` arrays or objects inside one another, read as text in one pass (brackets
 * inside strings do not count), stopping at the first level too deep. Malformed text is JSON.parse's to refuse.
 */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // a string: skip to its closing quote, past escapes
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
