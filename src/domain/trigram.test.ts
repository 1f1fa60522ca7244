// pg_trgm's documented behaviour (PostgreSQL docs, F.35 pg_trgm); the full comparison with a live
// PostgreSQL is test/conformance/pg-trgm.test.ts.
import { expect, test } from "bun:test";
import { trigrams, similarity, shortestFloat4 } from "./trigram.ts";

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

test("scores are served as PostgreSQL writes a float4: 2/3 → 0.6666667, 14/27 → 0.5185185, 0.3 → 0.3, 1 → 1", () => {
  // psql shows similarity('registerd nurse', 'Registered Nurse (RN)') as 0.6666667; the float4 itself, widened, is 0.6666666865348816.
  expect([2 / 3, 14 / 27, 0.3, 1, 14 / 29].map((x) => shortestFloat4(Math.fround(x)))).toEqual([
    0.6666667, 0.5185185, 0.3, 1, 0.4827586,
  ]);
  expect(Math.fround(0.6666667)).toBe(Math.fround(2 / 3)); // the same float4, so rank and ties are unchanged
});
