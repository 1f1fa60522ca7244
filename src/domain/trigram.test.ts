// pg_trgm's documented behaviour (PostgreSQL docs, F.35 pg_trgm); the full comparison with a live
// PostgreSQL is test/conformance/pg-trgm.test.ts.
import { expect, test } from "bun:test";
import { trigrams, similarity } from "./trigram.ts";

test('show_trgm(\'cat\') = {"  c"," ca","at ","cat"}', () => {
  expect([...trigrams("cat")].sort()).toEqual(["  c", " ca", "at ", "cat"]);
});

test("non-alphanumerics separate words and are dropped; case is folded", () => {
  expect([...trigrams("Foo-BAR!")].sort()).toEqual([...trigrams("foo bar")].sort());
});

test("similarity('word', 'two words') = 0.363636 (float4)", () => {
  expect(similarity("word", "two words")).toBe(Math.fround(4 / 11));
});

test("no trigrams on either side → 0, not NaN", () => {
  expect(similarity("", "")).toBe(0);
  expect(similarity("!!!", "abc")).toBe(0);
});
