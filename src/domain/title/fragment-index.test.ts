import { expect, test } from "bun:test";
import fc from "fast-check";
import { FragmentIndex } from "./fragment-index.ts";

const labels = (texts: string[]) => texts.map((text, entry) => ({ text, entry }));

test("the shortest label holding a fragment inside one of its words, the first of equal lengths", () => {
  const index = new FragmentIndex(
    labels(["accountants and auditors", "tax accountant", "cost accountants", "auditor"]),
  );
  // "tax accountant" (14 characters) and "cost accountants" (16) hold "accountan": the shorter.
  expect(index.shortestHolding("accountan")?.entry).toBe(1);
  // "auditor" (7) is shorter than the first label; "editor" is in none.
  expect(index.shortestHolding("audit")?.entry).toBe(3);
  expect(index.shortestHolding("editor")).toBeNull();
  // Equal lengths: the first label.
  expect(new FragmentIndex(labels(["nurse aide", "nurse wise"])).shortestHolding("nurs")?.entry).toBe(0);
});

test("agrees with scanning every label for the fragment (fragments are letters and digits)", () => {
  const text = fc.stringMatching(/^[abc1 ,/-]{0,12}$/);
  const fragment = fc.stringMatching(/^[abc1]{1,3}$/);
  fc.assert(
    fc.property(fc.array(text, { maxLength: 12 }), fragment, (texts, q) => {
      const items = labels(texts);
      let scan: (typeof items)[number] | null = null;
      for (const x of items) if (x.text.includes(q) && (!scan || x.text.length < scan.text.length)) scan = x;
      expect(new FragmentIndex(items).shortestHolding(q)).toBe(scan);
    }),
    { numRuns: 2000, seed: 7 },
  );
});
