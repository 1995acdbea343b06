import { describe } from 'vitest';
import { surveyPass } from './everyScreen';

/** The every-screen survey in Korean. */
describe('every screen, for every person', () => {
  surveyPass('reads Korean on every screen: no English from the catalogue, no header wrapped inside a word', 'ko-1440', { width: 1440, height: 900 }, { axe: false, korean: true });
});
