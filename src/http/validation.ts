// zod at the edge: one place turns a request part into typed input or a 422 naming each bad field.
import type { z } from "zod";
import { validationError, type FieldError } from "./errors.ts";

/** `employees[17].salary`: dotted keys, bracketed indexes, as a client would write the path. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, key) => (typeof key === "number" ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key)), "");
}

export const MAX_FIELD_ERRORS = 100;

export function parseInput<S extends z.ZodType>(schema: S | undefined, value: unknown, part: "query" | "path" | "body"): z.infer<S> {
  if (!schema) return undefined as z.infer<S>;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors: FieldError[] = result.error.issues.flatMap((issue): FieldError[] => {
    // An unknown query parameter is named itself, so a typo ("pagesize") is obvious.
    if (issue.code === "unrecognized_keys") return issue.keys.map((k) => ({ field: k, code: "unrecognized_key", message: `unknown ${part} parameter` }));
    return [{ field: fieldPath(issue.path) || part, code: issue.code, message: issue.message }];
  });
  // A 10,000-record body can hold 10,000 mistakes: name the first hundred, and say how many there were.
  if (errors.length > MAX_FIELD_ERRORS) {
    const total = errors.length;
    errors.length = MAX_FIELD_ERRORS;
    errors.push({ field: part, code: "too_many_errors", message: `${total - MAX_FIELD_ERRORS} more errors not listed` });
  }
  throw validationError(errors);
}
