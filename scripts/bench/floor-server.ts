// The HTTP floors for benchmarks. Default: a bare Bun.serve returning a fixed JSON body, nothing else.
// FLOOR_MODE=contract: what the API's HTTP contract costs with no work behind it. It reads the headers every
// request needs (Host, X-API-Key, X-Request-Id) and answers a fixed body the size of an E2 answer with the
// headers every answer carries (security headers, X-Request-Id, RateLimit fields). FLOOR_MODE=page: a minimal
// HTML page, the floor for a browser's page load.
const contract = process.env.FLOOR_MODE === "contract";
const page = process.env.FLOOR_MODE === "page";
const small = JSON.stringify({ query: { job_title: "x" }, salary: { median: 1 } });
// ~880 bytes, like an E2 answer.
const large = JSON.stringify({
  query: { job_title: "x".repeat(40) },
  salary: { median: 1 },
  notes: Array.from({ length: 12 }, (_, i) => `note ${i} `.repeat(6)),
});
const STATIC = {
  "Content-Type": "application/json; charset=utf-8",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "no-referrer",
  "Cache-Control": "no-store",
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
};
let n = 16 ** 11;
const server = Bun.serve({
  port: Number(process.env.PORT ?? 0),
  hostname: "127.0.0.1",
  fetch: page
    ? () =>
        new Response("<!doctype html><html lang=en><title>floor</title><main><h1>floor</h1></main></html>", {
          headers: { "content-type": "text/html; charset=utf-8" },
        })
    : contract
      ? (request) => {
          const id = request.headers.get("x-request-id") ?? `req_00000000000000000000${(++n).toString(16)}`;
          const key = request.headers.get("x-api-key") ?? "";
          const host = request.headers.get("host") ?? "";
          return new Response(large, {
            headers: {
              ...STATIC,
              "X-Request-Id": id,
              "RateLimit-Limit": String(key.length + host.length),
              "RateLimit-Remaining": String(n),
              "RateLimit-Reset": "3600",
            },
          });
        }
      : () => new Response(small, { headers: { "content-type": "application/json" } }),
});
console.log(JSON.stringify({ msg: "listening", port: server.port }));
