import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { loadResourceMessages } from '../../src/providers/i18nProvider';

// A react-admin screen can take seconds to draw on two busy cores: findBy/waitFor wait up to 10 s,
// not testing-library's 1 s, so a slow machine fails no test that a fast one passes.
configure({ asyncUtilTimeout: 10_000 });

// Screens render outside the lazy frame here, so the resources' English labels are loaded up front.
await loadResourceMessages();
