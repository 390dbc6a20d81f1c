import type { TAppGlobal } from '@therapy/contract';

/** Puts `window.App` and the CSRF meta tag into the built index.html (DESIGN.md, Auth and Web). */
export function renderPage(template: string, app: TAppGlobal, nonce: string): string {
  // Escaping '<' keeps a user's name from closing the script tag.
  const json = JSON.stringify(app).replaceAll('<', '\\u003c');
  const head = [
    `<meta name="csrf-token" content="${app.csrf_token ?? ''}">`,
    `<script nonce="${nonce}">window.App = ${json};</script>`,
  ].join('\n    ');
  return template.replace('<!--app-head-->', head);
}
