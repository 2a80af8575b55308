import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

type Content = HtmlEscapedString | Promise<HtmlEscapedString>;

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f5f6f8; color: #1c2430; }
  main { max-width: 440px; margin: 8vh auto; background: #fff; padding: 2rem; border-radius: 12px;
         box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  h1 { font-size: 1.35rem; margin-top: 0; }
  label { display: block; margin: .8rem 0 .2rem; font-weight: 600; }
  input[type=text], input[type=email] { width: 100%; box-sizing: border-box; padding: .55rem; border: 1px solid #c9cfd8; border-radius: 6px; font: inherit; }
  .check { display: flex; gap: .5rem; align-items: center; margin-top: .8rem; font-weight: normal; }
  button { margin-top: 1.4rem; width: 100%; padding: .7rem; border: 0; border-radius: 6px; background: #2457d6; color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
  .muted { color: #5b6575; font-size: .9rem; }
  .error { color: #b42318; }
  main.wide { max-width: 960px; margin: 4vh auto; }
  main.wide button { width: auto; padding: .45rem .9rem; margin-top: .6rem; }
  button.secondary { background: #e8ecf4; color: #1c2430; }
  button.danger { background: #b42318; }
  table { width: 100%; border-collapse: collapse; margin: .8rem 0; font-size: .92rem; }
  th, td { text-align: left; padding: .4rem .5rem; border-bottom: 1px solid #e3e7ee; vertical-align: top; }
  code { font: .88rem ui-monospace, monospace; background: #f1f3f7; padding: .1rem .3rem; border-radius: 4px; word-break: break-all; }
  section { margin-top: 1.8rem; }
  h2 { font-size: 1.1rem; margin-bottom: .3rem; }
  .notice { background: #ecf6ee; border: 1px solid #b7dfc0; padding: .6rem .8rem; border-radius: 6px; }
  .status-succeeded { color: #1a7f37; font-weight: 600; }
  .status-failed { color: #b42318; font-weight: 600; }
  .status-pending { color: #9a6700; font-weight: 600; }
  input[type=url], select { width: 100%; box-sizing: border-box; padding: .55rem; border: 1px solid #c9cfd8; border-radius: 6px; font: inherit; }
  form.inline { display: inline; }
`;

/** A complete page: inline styles only, no external asset, so it works offline. */
export function page(title: string, body: Content, options: { wide?: boolean } = {}) {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title} · Outbound</title>
    <style>${raw(STYLE)}</style>
  </head>
  <body>
    <main class="${options.wide ? 'wide' : ''}">${body}</main>
  </body>
</html>`;
}
