/**
 * Opens customer service (or another outside page) in a popup window, as SPEC section 2 asks. When
 * the browser blocks the popup, the visitor still gets there: the current tab navigates instead.
 */
export function openPopupOrNavigate(url: string, name = '_blank', features?: string): void {
  let popup: Window | null;
  try {
    popup = features === undefined ? window.open(url, name) : window.open(url, name, features);
  } catch {
    popup = null;
  }
  if (popup) {
    // The outside page must not be able to script or redirect this tab.
    popup.opener = null;
    return;
  }
  window.location.assign(url);
}
