/**
 * Full page navigation, so the server renders a fresh `window.App` (user and CSRF token). Kept in one place so
 * tests can replace it.
 */
export function navigateTo(url: string): void {
  window.location.assign(url);
}
