// zod at the edge: one place turns a request part into typed input or a 422 naming each bad field.
import { z } from "zod";
import { validationError, type FieldError } from "./errors.ts";
import { readableIssue } from "../zod-messages.ts";

/** `employees[17].salary`: dotted keys, bracketed indexes, as a client would write the path. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (acc, key) => (typeof key === "number" ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key)),
    "",
  );
}

export const MAX_FIELD_ERRORS = 100;

export function parseInput<S extends z.ZodType>(
  schema: S | undefined,
  value: unknown,
  part: "query" | "path" | "body",
): z.infer<S> {
  if (!schema) return undefined as z.infer<S>;
  const result = schema.safeParse(value, { error: readableIssue });
  if (result.success) return result.data;
  const errors: FieldError[] = result.error.issues.flatMap((issue): FieldError[] => {
    // An unknown parameter or body field is named itself, so a typo ("pagesize", "pay_period") is obvious.
    if (issue.code === "unrecognized_keys")
      return issue.keys.map((k) => {
        const meant = issue.path.length === 0 ? sameKeyOtherwiseWritten(k, schema) : undefined;
        return {
          field: fieldPath([...issue.path, k]),
          code: "unrecognized_key",
          message: `${part === "body" ? "unknown field" : `unknown ${part} parameter`}${meant ? `; did you mean ${meant}?` : ""}`,
        };
      });
    return [{ field: fieldPath(issue.path) || part, code: issue.code, message: issue.message }];
  });
  // A 10,000-record body can hold 10,000 mistakes: name the first hundred, and say how many there were.
  if (errors.length > MAX_FIELD_ERRORS) {
    const total = errors.length;
    errors.length = MAX_FIELD_ERRORS;
    errors.push({
      field: part,
      code: "too_many_errors",
      message: `${total - MAX_FIELD_ERRORS} more errors not listed`,
    });
  }
  throw validationError(errors);
}

/** The object's own key that `key` writes another way (`pagesize`, `pageSize`, `page-size` for page_size), if any. */
function sameKeyOtherwiseWritten(key: string, schema: z.ZodType): string | undefined {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  const squash = (k: string) => k.toLowerCase().replace(/[^a-z0-9]/g, "");
  return shape ? Object.keys(shape).find((known) => squash(known) === squash(key)) : undefined;
}

/**
 * The query string as a record. A parameter given twice is refused (which one was meant is a guess); `+` is a
 * space and a malformed %-escape stays as written, as URLSearchParams reads them.
 */
export function queryParams(url: string): Record<string, string> {
  const at = url.indexOf("?");
  const out: Record<string, string> = Object.create(null);
  if (at < 0) return out;
  const repeated = new Set<string>();
  for (const [k, v] of new URLSearchParams(url.slice(at + 1))) {
    if (k in out) repeated.add(k);
    out[k] = v;
  }
  if (repeated.size) {
    throw validationError(
      [...repeated].slice(0, MAX_FIELD_ERRORS).map((k) => ({
        field: k.slice(0, 100),
        code: "repeated_parameter",
        message: "given more than once; send it once",
      })),
    );
  }
  return out;
}

/** YYYY-MM-DD that is a real calendar date (query parameters and body fields alike). */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date written YYYY-MM-DD")
  .refine((d) => {
    const t = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(t.getTime()) && t.toISOString().startsWith(d);
  }, "is not a real calendar date: no such month, or no such day in that month");
