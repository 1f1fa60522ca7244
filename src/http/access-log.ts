// The access log: one JSON line per request on stdout, written in batches. A write per request cost a system call
// on the request path; lines now gather while the event loop answers what has arrived and go out when it turns
// (setImmediate), or at once past 64 KB. Each write holds whole lines and at most 4 KB (PIPE_BUF), so workers
// sharing one stdout pipe never interleave inside a line. A process that exits normally writes what is left; a
// crash loses at most the requests of one turn of the loop. A failed write (stdout closed) drops its lines, as
// console.log did.
import { writeSync } from "node:fs";

const ATOMIC_BYTES = 4096;
const FLUSH_BYTES = 64 * 1024;

export interface AccessLogLine {
  requestId: string;
  keyId: string | null;
  method: string;
  path: string;
  status: number;
  durationMs: number;
}

/** A line's JSON, written out by hand in a fixed key order (the same text JSON.stringify gave). */
export function accessLogJson(line: AccessLogLine, extra: string): string {
  return (
    `{"level":"info","msg":"request","request_id":${JSON.stringify(line.requestId)}` +
    `,"key_id":${JSON.stringify(line.keyId)},"method":${JSON.stringify(line.method)}` +
    `,"path":${JSON.stringify(line.path)},"status":${line.status},"duration_ms":${line.durationMs}${extra}}`
  );
}

// Every log's flush, run once when the process exits (one listener, however many apps a process makes).
const atExit = new Set<() => void>();
let exitHooked = false;

export function createAccessLog(worker: { worker?: number }, write = writeAll) {
  // Which worker answered (WORKERS above 1), appended to each line.
  const extra = Object.entries(worker)
    .map(([k, v]) => `,${JSON.stringify(k)}:${v}`)
    .join("");
  const full: string[] = []; // writes of whole lines, each up to ATOMIC_BYTES
  let open = ""; // the lines of the write being filled
  let pendingBytes = 0;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (open) full.push(open);
    open = "";
    pendingBytes = 0;
    for (const text of full.splice(0)) {
      try {
        write(text);
      } catch {
        // stdout is gone (a closed pipe): the lines are dropped, the service carries on.
      }
    }
  };
  atExit.add(flush);
  if (!exitHooked) {
    exitHooked = true;
    process.once("exit", () => {
      for (const f of atExit) f();
    });
  }
  return {
    log(line: AccessLogLine): void {
      const text = `${accessLogJson(line, extra)}\n`;
      // Paths are cut to 200 characters (percent-encoded, so ASCII) and ids to 128: a line is far below ATOMIC_BYTES.
      if (open.length + text.length > ATOMIC_BYTES) {
        full.push(open);
        open = "";
      }
      open += text;
      pendingBytes += text.length;
      if (pendingBytes >= FLUSH_BYTES) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
}

/** Writes all of a text to stdout (a write may take less than asked). */
function writeAll(text: string): void {
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; ) at += writeSync(1, bytes, at);
}
