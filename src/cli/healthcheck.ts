// `workforce-api healthcheck`: probe the running service's /readyz on 127.0.0.1:$PORT (or LISTEN_ADDRESS) and exit 0 (ready) or 1,
// so a container image needs no shell or curl for its HEALTHCHECK. It reads no snapshot and starts no server.
const PROBE_TIMEOUT_MS = 3_000;

/** Loopback when the service listens on every address, else the one address it listens on. */
const probeHost = (listen = "") =>
  ["", "0.0.0.0", "::"].includes(listen.trim())
    ? "127.0.0.1"
    : listen.includes(":")
      ? `[${listen.trim()}]`
      : listen.trim();

export async function healthcheck(env: Record<string, string | undefined> = process.env): Promise<number> {
  const port = Number(env.PORT || 8080);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    console.error(`healthcheck: PORT "${env.PORT}" is not a port number`);
    return 1;
  }
  try {
    const res = await fetch(`http://${probeHost(env.LISTEN_ADDRESS)}:${port}/readyz`, {
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    if (res.ok) return 0;
    console.error(`healthcheck: /readyz answered ${res.status}`);
  } catch (err) {
    console.error(`healthcheck: no answer from ${probeHost(env.LISTEN_ADDRESS)}:${port} (${(err as Error).message})`);
  }
  return 1;
}
