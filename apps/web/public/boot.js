// Runs before the app, as a file (not an inline script) so the Content-Security-Policy needs no 'unsafe-inline'
// for scripts (docs/decisions.md).

// The stored theme colour before the first paint (same key as src/shared/layout-settings).
(() => {
  try {
    const stored = JSON.parse(localStorage.getItem('Layout-Settings') || '{}');
    if (/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(stored.themeColor)) {
      document.documentElement.style.setProperty('--theme-color', stored.themeColor);
    }
  } catch {
    // A damaged entry: the default colour until the app rewrites it.
  }
})();

// zod compiles fast object parsers with `new Function` and probes for it while the app's modules build their
// schemas; under the CSP (no eval) every probe is reported as a violation. zod reads its configuration from
// this global (what `z.config` writes), and the app's modules run after this script: so the setting is here.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
