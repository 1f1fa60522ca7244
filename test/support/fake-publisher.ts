// A stand-in for the publishers' web servers, for the offline download test: serves given bytes at
// /<host>/<path>?<query> (DATA_DOWNLOAD_BASE maps every official URL there), and can misbehave on purpose:
// redirect, answer 503 for the first tries, cut a body short, or answer 404. It honours Range requests and
// records every request it gets. node:http, because a cut body has to be a real one: a Content-Length promising
// more bytes than arrive before the connection closes.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeFile {
  body?: Uint8Array;
  /** Answer with a redirect to this path of the same server. */
  redirectTo?: string;
  /** Answer 503 to this many requests first. */
  unavailableFirst?: number;
  /** Cut the body after half its bytes on this many requests first (Infinity: always). */
  cutFirst?: number;
}

export interface SeenRequest {
  target: string;
  userAgent: string | null;
  range: string | null;
}

export async function startFakePublisher(files: Map<string, FakeFile>) {
  const seen: SeenRequest[] = [];
  const served = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const target = req.url ?? "/";
    seen.push({ target, userAgent: req.headers["user-agent"] ?? null, range: req.headers.range ?? null });
    const file = files.get(target);
    if (!file) return void res.writeHead(404, { "Content-Type": "text/plain" }).end("Not Found");
    const n = (served.get(target) ?? 0) + 1;
    served.set(target, n);
    if (file.redirectTo) return void res.writeHead(302, { Location: file.redirectTo }).end();
    if (n <= (file.unavailableFirst ?? 0)) return void res.writeHead(503).end("busy");
    const body = file.body!;
    const start = Number(/^bytes=(\d+)-$/.exec(req.headers.range ?? "")?.[1] ?? 0);
    const part = body.subarray(start);
    const headers: Record<string, string> = {
      "Content-Length": String(part.byteLength),
      "Accept-Ranges": "bytes",
      "Content-Type": "application/octet-stream",
    };
    if (start) headers["Content-Range"] = `bytes ${start}-${body.byteLength - 1}/${body.byteLength}`;
    res.writeHead(start ? 206 : 200, headers);
    if (n > (file.unavailableFirst ?? 0) + (file.cutFirst ?? 0)) return void res.end(part);
    // The half is sent and has time to arrive before the connection drops, as on a real network.
    res.write(part.subarray(0, Math.floor(part.byteLength / 2)), () => setTimeout(() => res.socket?.destroy(), 100));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    seen,
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}
