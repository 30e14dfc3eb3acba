/* global document */
// Applies the stored theme before first paint, so a light-theme visitor never sees a dark flash.
// A file of its own rather than inline: the Content-Security-Policy allows no inline script.
try {
  const theme = localStorage.getItem('theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
} catch {
  // Storage refused (private mode): the default theme stays.
}
