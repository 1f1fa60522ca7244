// Tests read response bodies as loosely typed JSON and assert their shape explicitly.
export {};
declare global {
  interface Response {
    json(): Promise<any>;
  }
  interface Body {
    json(): Promise<any>;
  }
}
