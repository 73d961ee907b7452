/**
 * Web Storage (sessionStorage, localStorage) as the browser has it, for unit tests in the node
 * environment. `writes` keeps every setItem in order, for tests that check what a tab signalled.
 */
export class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  readonly writes: { key: string; value: string }[] = [];
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.writes.push({ key, value });
    this.items.set(key, value);
  }
}
