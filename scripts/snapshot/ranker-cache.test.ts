import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cachedFit } from "./ranker-cache.ts";
import type { RankerModel } from "../../src/domain/title/ranker.ts";

const dir = mkdtempSync(join(tmpdir(), "ranker-cache-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A stand-in fit that counts its calls and returns a model naming its inputs (the cache never looks inside one).
let fits = 0;
const fitOf = (name: string) => () => {
  fits++;
  return { name } as unknown as RankerModel;
};
const inputs = (word: string) => ({
  lexicon: { words: word, weights: new Uint8Array([1, 2]) },
  titles: [word],
  options: {},
});

test("the same code and inputs fit once; any input or the code changing fits again; no cache always fits", () => {
  const cache = { dir, codeHash: "a" };
  expect(cachedFit(cache, inputs("nurse"), fitOf("first"))).toEqual({
    model: { name: "first" } as never,
    reused: null,
  });
  const again = cachedFit(cache, inputs("nurse"), fitOf("second"));
  expect(again.model).toEqual({ name: "first" } as never);
  expect(again.reused).toStartWith(dir);
  expect(fits).toBe(1);
  cachedFit(cache, inputs("welder"), fitOf("other titles"));
  cachedFit({ dir, codeHash: "b" }, inputs("nurse"), fitOf("other code"));
  expect(fits).toBe(3);
  expect(cachedFit(undefined, inputs("nurse"), fitOf("uncached")).model).toEqual({ name: "uncached" } as never);
  expect(fits).toBe(4);
});

test("only the newest four models are kept", () => {
  for (const word of ["a", "b", "c", "d", "e", "f"]) cachedFit({ dir, codeHash: "x" }, inputs(word), fitOf(word));
  expect(readdirSync(dir).filter((f) => f.endsWith(".json")).length).toBe(4);
});
