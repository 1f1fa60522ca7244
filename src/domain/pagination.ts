// 1-based pagination over an in-memory list. A page past the end is an empty page, not an error,
// so a client looping "until items is empty" terminates; `total` and `pages` tell it up front.
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
  pages: number;
}

export function paginate<T>(all: readonly T[], page: number, pageSize: number): Page<T> {
  const start = (page - 1) * pageSize;
  return {
    items: all.slice(start, start + pageSize),
    total: all.length,
    page,
    page_size: pageSize,
    pages: Math.ceil(all.length / pageSize),
  };
}
