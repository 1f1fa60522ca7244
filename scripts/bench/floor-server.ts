// The HTTP floor for benchmarks: a bare Bun.serve returning a fixed JSON body, nothing else.
const body = JSON.stringify({ query: { job_title: "x" }, salary: { median: 1 } });
const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response(body, { headers: { "content-type": "application/json" } }) });
console.log(JSON.stringify({ msg: "listening", port: server.port }));
