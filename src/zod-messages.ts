// Readable validation messages, one map for requests (422 field errors) and configuration (start-up): what the
// value must be, in words a client or an operator acts on, not zod's type names ("expected int, received
// number" → "must be a whole number"). A message a schema sets itself wins; other issues keep zod's own.
import type { z } from "zod";

const KIND: Record<string, string> = {
  int: "a whole number",
  number: "a number",
  string: "text",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  date: "a date",
};

const FORMATS: Record<string, string> = {
  url: "a URL",
  email: "an e-mail address",
  uuid: "a UUID",
  datetime: "a date and time (ISO 8601)",
  date: "a date written YYYY-MM-DD",
};

const listed = (values: readonly unknown[]) =>
  values.length <= 12 ? values.map((v) => String(v)).join(", ") : `${values.slice(0, 12).join(", ")}, …`;

type Bound = {
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  origin?: string;
  exact?: boolean;
};

function bound(issue: Bound, side: "least" | "most"): string | undefined {
  const n = Number(side === "least" ? issue.minimum : issue.maximum);
  const word = issue.exact
    ? "exactly"
    : issue.inclusive === false
      ? side === "least"
        ? "more than"
        : "less than"
      : `at ${side}`;
  if (issue.origin === "string") {
    if (side === "least" && n === 1 && !issue.exact) return "must not be empty";
    return `must be ${word} ${n} character${n === 1 ? "" : "s"} long`;
  }
  if (issue.origin === "array" || issue.origin === "set") return `must have ${word} ${n} item${n === 1 ? "" : "s"}`;
  if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint") return `must be ${word} ${n}`;
  return undefined;
}

export const readableIssue: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "is required";
      if (typeof issue.input === "number" && Number.isNaN(issue.input))
        return `must be ${KIND[issue.expected] ?? "a number"}`;
      return KIND[issue.expected] ? `must be ${KIND[issue.expected]}` : undefined;
    case "too_small":
      return bound(issue as Bound, "least");
    case "too_big":
      return bound(issue as Bound, "most");
    case "invalid_value":
      return issue.values.length === 1
        ? `must be ${String(issue.values[0])}`
        : `must be one of ${listed(issue.values)}`;
    case "invalid_union": {
      const options = (issue as { options?: unknown[] }).options;
      return options?.length ? `must be one of ${listed(options)}` : "is in none of the forms this field accepts";
    }
    case "invalid_format": {
      const format = (issue as { format?: string }).format ?? "";
      return format === "regex" ? "is not in the expected form" : `must be ${FORMATS[format] ?? `a valid ${format}`}`;
    }
    case "invalid_key":
      return "has a key that is not allowed";
    case "invalid_element":
      return "has an element that is not allowed";
    case "not_multiple_of":
      return `must be a multiple of ${String(issue.divisor)}`;
    default:
      return undefined;
  }
};
