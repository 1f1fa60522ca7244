// Pages are paths under /explore/; links change the path without reloading (the server answers every /explore/…
// path with the same page, so a reload or a shared link lands on the same view).
import { useEffect, useState } from "preact/hooks";

export function navigate(to: string) {
  history.pushState(null, "", to);
  dispatchEvent(new PopStateEvent("popstate"));
}

export function usePath(): string {
  const [path, setPath] = useState(location.pathname);
  useEffect(() => {
    const update = () => setPath(location.pathname);
    addEventListener("popstate", update);
    return () => removeEventListener("popstate", update);
  }, []);
  return path;
}

/** For <a onClick>: same-tab plain clicks navigate in place; modified clicks open as the browser would. */
export function follow(event: MouseEvent) {
  const a = event.currentTarget as HTMLAnchorElement;
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(a.pathname + a.search);
}
