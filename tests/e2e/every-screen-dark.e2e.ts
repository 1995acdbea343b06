import { describe } from 'vitest';
import { surveyPass } from './everyScreen';

/** The every-screen survey in the dark scheme. */
describe('every screen, for every person', () => {
  surveyPass('passes axe in the dark scheme', 'dark-1440', { width: 1440, height: 900 }, { dark: true });
});
