import { describe } from 'vitest';
import { surveyPass } from './everyScreen';

/** The every-screen survey at a desktop's width in the light scheme, opening a record of every kind. */
describe('every screen, for every person', () => {
  surveyPass('passes axe and fits a 1,440 px desktop in the light scheme, on a record of every kind', 'light-1440', { width: 1440, height: 900 }, { everyKind: true });
});
