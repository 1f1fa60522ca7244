import { expect, test } from "bun:test";
import { Lru } from "./lru.ts";

test("computes once per key, evicts the least recently used beyond capacity", () => {
  const lru = new Lru<string, number>(2);
  let calls = 0;
  const f = (k: string) => lru.get(k, () => (calls++, k.length));
  f("a");
  f("bb");
  f("a"); // a is now the most recent
  f("ccc"); // evicts bb
  expect(calls).toBe(3);
  f("a");
  expect(calls).toBe(3);
  f("bb");
  expect(calls).toBe(4);
  expect(lru.size).toBe(2);
});
