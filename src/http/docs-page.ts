import { ERROR_CODES, errorAnchor, type ErrorCode } from "./errors.ts";

// A readable, self-contained docs page per host, rendered from its OpenAPI document (no CDN: it works air-gapped).
const esc = (s: unknown) =>
  String(s ?? "").replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

const typeOf = (s: Record<string, any>): string =>
  s.enum
    ? s.enum.map((v: unknown) => JSON.stringify(v)).join(" | ")
    : Array.isArray(s.type)
      ? s.type.join(" | ")
      : (s.type ?? (s.anyOf ? s.anyOf.map(typeOf).join(" | ") : "any"));

function constraints(s: Record<string, any>): string {
  const c: string[] = [];
  if (s.minimum !== undefined) c.push(`min ${s.minimum}`);
  if (s.maximum !== undefined) c.push(`max ${s.maximum}`);
  if (s.minLength !== undefined) c.push(`min length ${s.minLength}`);
  if (s.maxLength !== undefined) c.push(`max length ${s.maxLength}`);
  if (s.default !== undefined) c.push(`default ${JSON.stringify(s.default)}`);
  return c.join(", ");
}

export function docsPage(openapi: any): string {
  const server = openapi.servers[0].url;
  const sections = Object.entries<Record<string, any>>(openapi.paths).flatMap(([path, ops]) =>
    Object.entries<any>(ops).map(([method, op]) => {
      const params = (op.parameters ?? [])
        .map(
          (p: any) =>
            `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${p.required ? "yes" : "no"}</td><td>${esc(typeOf(p.schema))}</td><td>${esc(constraints(p.schema))}</td><td>${esc(p.description)}</td></tr>`,
        )
        .join("");
      const example = `curl -H 'X-API-Key: $KEY' '${server}${path.replace(/\{(\w+)\}/g, ":$1")}'`;
      return `<section><h2><span class="m">${method.toUpperCase()}</span> <code>${esc(path)}</code></h2>
<p><strong>${esc(op.summary)}</strong>${op.description ? ` ${esc(op.description)}` : ""}</p>
<p>Scope <code>${esc(op["x-scope"])}</code>${op["x-min-tier"] ? `, tier ${esc(op["x-min-tier"])} or higher` : ""}. Errors: ${Object.keys(
        op.responses,
      )
        .filter((s) => s !== "200")
        .join(", ")}.</p>
${params ? `<table><tr><th>name</th><th>in</th><th>required</th><th>type</th><th>limits</th><th>meaning</th></tr>${params}</table>` : "<p>No parameters.</p>"}
<pre>${esc(example)}</pre></section>`;
    }),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(openapi.info.title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}code,pre{font-family:ui-monospace,monospace}
pre{background:#f4f4f4;padding:.6rem;overflow-x:auto}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ddd;padding:.25rem .5rem;text-align:left;vertical-align:top}
.m{background:#225;color:#fff;padding:0 .4rem;border-radius:3px;font-size:.85em}section{border-top:1px solid #ccc;margin-top:1.5rem}</style></head>
<body><h1>${esc(openapi.info.title)}</h1><p>${esc(openapi.info.description)}</p>
<p>Every endpoint needs an API key in the <code>X-API-Key</code> header. Errors have the body <code>{"error": {code, message, status, request_id, …}}</code>.
Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).</p>
${sections.join("\n") || "<p>No endpoints on this host yet.</p>"}
<section><h2 id="deprecated">Deprecated endpoints</h2><p>Endpoints marked deprecated answer with <code>Deprecation</code> (RFC 9745), <code>Sunset</code> (RFC 8594) and a <code>Link</code> to their successor (rel="successor-version"). From their removal date (the Sunset) they answer <code>410 ENDPOINT_RETIRED</code> naming the successor, unless the operator keeps them a while longer (<code>EU_LEGACY_ENDPOINTS=on</code>).</p></section>
<section><h2 id="errors">Error codes</h2><dl>${Object.entries(ERROR_CODES)
    .map(
      ([code, { status, meaning }]) =>
        `<dt id="${errorAnchor(code as ErrorCode)}"><code>${code}</code></dt><dd>${status}: ${esc(meaning)}</dd>`,
    )
    .join("")}</dl></section></body></html>`;
}
