// The requests README.md shows, read from its text: every curl command (in code blocks and inline code, with `\`
// continuations, -H, -d/--data-binary, -X, a `printf '…' |` body for `@-`, and $KEY), every URL on port 8080 it
// tells the reader to open, and the explorer, docs and health paths it names in inline code. The README readmes
// test (test/http/readme-examples.test.ts) runs each one, so an example cannot drift from what the service answers.

export interface ReadmeRequest {
  /** 1-based line of README.md the request starts on. */
  line: number;
  method: string;
  /** The URL as written (host and port included); the test sends its path to the test server with this Host. */
  url: URL;
  headers: Record<string, string>;
  body?: string;
  /** The README text it came from. */
  source: string;
}

/** Paths the README names on their own: the explorer's pages, the docs and OpenAPI documents, the health checks. */
const STATIC_PATH =
  /^\/(?:explore(?:\/[\w.-]+)*|docs|openapi\.json|(?:salary|cost|skills)\/(?:docs|openapi\.json)|healthz|readyz)?$/;
/** `/docs` and `/openapi.json` are each API host's; the README says so ("Each host serves `/docs`"). */
const PER_HOST = new Set(["/docs", "/openapi.json"]);
const API_HOSTS = ["salary.localhost:8080", "cost.localhost:8080", "skills.localhost:8080"];

export function readmeRequests(markdown: string, vars: Record<string, string>): ReadmeRequest[] {
  const lines = markdown.split("\n");
  const out: ReadmeRequest[] = [];
  let inCode = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^\s*```/.test(line)) {
      inCode = !inCode;
      continue;
    }
    if (inCode) {
      if (!/(^|\|)\s*curl\s/.test(line)) continue;
      let command = line;
      const start = i;
      while (/\\\s*$/.test(command) && i + 1 < lines.length) command = command.replace(/\\\s*$/, " ") + lines[++i];
      out.push(fromCommand(command.trim(), start + 1, vars));
      continue;
    }
    for (const [, span] of line.matchAll(/`([^`]+)`/g)) {
      if (/^curl\s/.test(span)) out.push(fromCommand(span, i + 1, vars));
      else if (/^https?:\/\/[^\s]+:8080/.test(span))
        out.push({ line: i + 1, method: "GET", url: new URL(span), headers: {}, source: span });
      else if (STATIC_PATH.test(span)) {
        for (const host of PER_HOST.has(span) ? API_HOSTS : ["localhost:8080"]) {
          out.push({ line: i + 1, method: "GET", url: new URL(`http://${host}${span}`), headers: {}, source: span });
        }
      }
    }
    // "Open http://localhost:8080/ …" outside inline code.
    for (const [url] of line.replace(/`[^`]*`/g, "").matchAll(/https?:\/\/[\w.-]+:8080\/[^\s)`'",]*/g)) {
      out.push({ line: i + 1, method: "GET", url: new URL(url), headers: {}, source: url });
    }
  }
  return out;
}

/** `[printf '…' |] curl [options] URL` → the request curl would send. */
function fromCommand(command: string, line: number, vars: Record<string, string>): ReadmeRequest {
  const stages = splitPipeline(command);
  const curl = stages.at(-1)!;
  const stdin = stages.length > 1 ? printfOutput(stages[0]) : undefined;
  const words = shellWords(curl, vars);
  if (words[0] !== "curl") throw new Error(`README.md:${line}: not a curl command: ${command}`);
  const headers: Record<string, string> = {};
  let method: string | undefined, body: string | undefined, url: string | undefined;
  for (let k = 1; k < words.length; k++) {
    const w = words[k];
    if (w === "-H" || w === "--header") {
      const [name, ...value] = words[++k].split(":");
      headers[name.trim().toLowerCase()] = value.join(":").trim();
    } else if (w === "-X" || w === "--request") method = words[++k];
    else if (["-d", "--data", "--data-raw", "--data-binary"].includes(w)) {
      const data = words[++k];
      body = data === "@-" ? stdin : data;
      if (body === undefined) throw new Error(`README.md:${line}: ${w} @- without a printf before the pipe`);
    } else if (/^https?:\/\//.test(w)) url = w;
    else if (!/^-[sSifLv]+$|^--(silent|fail|show-error|include|location)$/.test(w))
      throw new Error(`README.md:${line}: curl option ${w} is not understood by this test`);
  }
  if (!url) throw new Error(`README.md:${line}: curl without a URL: ${command}`);
  // curl's own defaults: a body makes a POST, form-encoded unless a Content-Type is given.
  if (body !== undefined && !headers["content-type"]) headers["content-type"] = "application/x-www-form-urlencoded";
  return {
    line,
    method: method ?? (body !== undefined ? "POST" : "GET"),
    url: new URL(url),
    headers,
    body,
    source: command,
  };
}

/** Splits on `|` outside quotes. */
function splitPipeline(command: string): string[] {
  const stages: string[] = [];
  let quote: string | null = null,
    current = "";
  for (const c of command) {
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === "|") {
      stages.push(current.trim());
      current = "";
      continue;
    }
    current += c;
  }
  return [...stages, current.trim()];
}

/** `printf 'a\nb'` → "a␤b" (the escapes the README uses; no format arguments). */
function printfOutput(stage: string): string {
  const words = shellWords(stage, {});
  if (words[0] !== "printf" || words.length !== 2)
    throw new Error(`only printf '…' can feed a curl body here: ${stage}`);
  return words[1].replace(/\\(n|t|\\)|%%/g, (_m, e: string | undefined) =>
    e === "n" ? "\n" : e === "t" ? "\t" : e === "\\" ? "\\" : "%",
  );
}

/** POSIX shell words for the quoting the README uses: '…' literal, "…" with $VAR, bare words with $VAR. */
function shellWords(text: string, vars: Record<string, string>): string[] {
  const expand = (s: string) =>
    s.replace(/\$\{?(\w+)\}?/g, (_, name: string) => {
      if (!(name in vars)) throw new Error(`README uses $${name}, which the test does not set`);
      return vars[name];
    });
  const words: string[] = [];
  for (const [, single, double, bare] of text.matchAll(/\s*(?:'([^']*)'|"((?:[^"\\]|\\.)*)"|((?:[^\s'"\\]|\\.)+))/g)) {
    words.push(
      single ??
        (double !== undefined ? expand(double.replace(/\\(["\\$`])/g, "$1")) : expand(bare!.replace(/\\(.)/g, "$1"))),
    );
  }
  return words;
}
