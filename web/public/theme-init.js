/* global window, document */
// Puts the console in its theme before the first paint, so a dark page never flashes light: a file
// of the console's own rather than an inline script, which its Content-Security-Policy forbids
// (script-src 'self'). Same key and class as web/src/components/theme/theme.ts, which keeps the
// theme from then on. A classic script: it blocks the parser, so it stays this small.
(function () {
  var choice = null;
  try {
    choice = localStorage.getItem('starling.theme');
  } catch {
    // No storage: the system's scheme decides.
  }
  var dark = choice === 'dark' || (choice !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  if (dark) document.documentElement.classList.add('bp6-dark');
})();
