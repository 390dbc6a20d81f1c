/** The checkout page's only style sheet: served as a file, since our CSP allows no inline styles. */
export const CHECKOUT_CSS = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; background: #f3f4f8; color: #1f2330; display: flex; align-items: flex-start; justify-content: center; padding: 24px 12px; }
main { width: 100%; max-width: 420px; background: #fff; border-radius: 16px; padding: 24px; box-shadow: 0 8px 30px rgba(20, 24, 40, 0.08); }
h1 { font-size: 22px; margin: 8px 0 4px; }
.badge { display: inline-block; background: #fff4d6; color: #6b4e00; border-radius: 999px; padding: 4px 10px; font-size: 13px; margin: 0; }
.what { color: #5a6072; margin: 0 0 8px; }
.amount { font-size: 32px; font-weight: 700; margin: 8px 0 20px; }
label { display: block; font-size: 14px; color: #3b4152; margin-bottom: 14px; }
input { display: block; width: 100%; margin-top: 6px; padding: 12px; font-size: 17px; border: 1px solid #c9cdd8; border-radius: 10px; }
input:focus { outline: 2px solid #4b5bdc; outline-offset: 1px; border-color: #4b5bdc; }
.row { display: flex; gap: 12px; }
.row label { flex: 1; }
button { width: 100%; padding: 14px; font-size: 17px; border: 0; border-radius: 10px; background: #4b5bdc; color: #fff; cursor: pointer; margin-top: 4px; }
button:focus-visible { outline: 3px solid #1f2330; outline-offset: 2px; }
button.secondary { background: #e6e8f0; color: #1f2330; }
button.link { background: none; color: #4b5bdc; text-decoration: underline; padding: 8px; font-size: 15px; }
.actions { display: flex; flex-direction: column; gap: 8px; }
.error, .field-error { color: #b3261e; }
.error { background: #fdecea; border-radius: 10px; padding: 10px 12px; margin: 0 0 16px; }
.field-error { display: block; font-size: 13px; margin-top: 4px; }
.ok { background: #e7f6ec; color: #1d6b36; border-radius: 10px; padding: 10px 12px; }
a.back { display: block; text-align: center; margin-top: 16px; color: #4b5bdc; }
details { margin-top: 20px; font-size: 14px; color: #5a6072; }
code { font-size: 14px; }
`;
