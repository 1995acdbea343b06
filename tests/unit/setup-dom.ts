import '@testing-library/jest-dom/vitest';
import { loadResourceMessages } from '../../src/providers/i18nProvider';

// Screens render outside the lazy frame here, so the resources' English labels are loaded up front.
await loadResourceMessages();
