import { config } from 'zod';

// zod compiles object parsers with `new Function` after probing whether it may; the console's CSP
// (script-src 'self', no 'unsafe-eval') refuses the probe and the browser reports a violation on
// every signed-in screen. The interpreted parsers are fast enough for forms.
config({ jitless: true });
