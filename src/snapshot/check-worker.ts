// Worker thread of checkSnapshotFileOffThread: one path in, the file's info or the reason it is refused out.
import { checkSnapshotFile } from "./check.ts";

declare const self: Worker;

self.onmessage = (event: MessageEvent<string>) => {
  try {
    postMessage({ info: checkSnapshotFile(event.data) });
  } catch (err) {
    postMessage({ error: (err as Error).message });
  }
};
