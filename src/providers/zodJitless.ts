// The browser's `zod`: vite.config.ts resolves the bare name here, so every chunk that loads zod
// loads it configured, and a screen that parses nothing (the project list) loads no zod at all.
// zod compiles object parsers with `new Function` after probing whether it may; the console's CSP
// (script-src 'self', no 'unsafe-eval') refuses the probe and the browser reports a violation on
// every signed-in screen. The interpreted parsers are fast enough for forms.
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
