// DATA_MIRROR/.downloads.json: what `npm run data -- --download` fetched, per mirror file. The build copies it into
// source_files, so a snapshot says when and from where each of its files was downloaded.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export interface DownloadRecord {
  downloaded_at: string;
  downloaded_from: string;
  url: string;
  bytes: number;
  sha256: string;
}
export type DownloadLog = Record<string, DownloadRecord>;

export const DOWNLOAD_LOG = ".downloads.json";

export function readDownloadLog(mirror: string): DownloadLog {
  const file = join(mirror, DOWNLOAD_LOG);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as DownloadLog) : {};
}
