import '@testing-library/jest-dom/vitest';
import { afterAll } from 'vitest';
import { configure } from '@testing-library/react';
import { loadResourceMessages } from '../../src/providers/i18nProvider';

// A react-admin screen can take seconds to draw on two busy cores: findBy/waitFor wait up to 10 s,
// not testing-library's 1 s, so a slow machine fails no test that a fast one passes.
configure({ asyncUtilTimeout: 10_000 });

// Screens render outside the lazy frame here, so the resources' English labels are loaded up front.
await loadResourceMessages();

// react-admin applies a list's new parameters on a zero-delay timer, and a reference input's typed
// filter after a 500 ms pause (useReferenceParams), then on that timer; when a file's last test ends
// just after scheduling one, the environment could be torn down before it fires, and React then reads
// a `window` that is gone. Waiting out the pause and a turn of the timer queue lets such timers run
// while the DOM still exists (20 ms covered the zero-delay timer, not the pause).
afterAll(() => new Promise((resolve) => setTimeout(resolve, 750)));
