// Entry of the single executable (`npm run build`): the snapshot is compiled in, so the binary runs alone.
import snapshot from "../build/snapshot.sqlite" with { type: "sqlite", embed: "true" };
import { start } from "./main.ts";

start(snapshot);
