// The signed-in key lives in this tab's sessionStorage only: not in a cookie, not in the URL, and
// gone when the tab closes or the operator signs out.
const STORAGE_KEY = 'actiongate.api-key';

export function storedKey(): string | null {
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeKey(key: string): void {
  sessionStorage.setItem(STORAGE_KEY, key);
}

export function forgetKey(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}
