// The access log: one JSON line per request on stdout, written in batches. A write per request cost a system call
// on the request path; lines now gather while the event loop answers what has arrived and go out in one write
// when it turns (setImmediate), or at once past 64 KB. A process that exits normally writes what is left; a crash
// loses at most the requests of one turn of the loop.
import { writeSync } from "node:fs";

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

export function createAccessLog(worker: { worker?: number }, write = (text: string) => writeSync(1, text)) {
  // Which worker answered (WORKERS above 1), appended to each line.
  const extra = Object.entries(worker)
    .map(([k, v]) => `,${JSON.stringify(k)}:${v}`)
    .join("");
  let pending = "";
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (!pending) return;
    const text = pending;
    pending = "";
    write(text);
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
      pending += `${accessLogJson(line, extra)}\n`;
      if (pending.length >= FLUSH_BYTES) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
}
