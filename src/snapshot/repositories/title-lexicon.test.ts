import { expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { RANKER_KEY, storedRanker } from "./title-lexicon.ts";
import { writePacked } from "../packed.ts";
import { SnapshotError } from "../open.ts";
import { RANKER_FEATURES } from "../../domain/title/ranker.ts";

// The ranker reads its features by position: a model trained on another list must not answer.
test("a stored ranker trained on other features than the service computes is refused", () => {
  const db = new Database(":memory:");
  db.run("CREATE TABLE derived (name TEXT PRIMARY KEY, value BLOB NOT NULL)");
  const path = { fit: { weights: [], intercept: 0, iterations: 0 }, trees: null };
  writePacked(db, RANKER_KEY, {
    model: JSON.stringify({ features: [...RANKER_FEATURES, "a feature this service lacks"], soc: path, isco: path }),
  });
  expect(() => storedRanker(db)).toThrow(SnapshotError);
  db.run("DELETE FROM derived");
  writePacked(db, RANKER_KEY, { model: JSON.stringify({ features: RANKER_FEATURES, soc: path, isco: path }) });
  expect(storedRanker(db)?.features).toEqual([...RANKER_FEATURES]);
});
