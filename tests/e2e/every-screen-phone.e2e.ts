import { describe } from 'vitest';
import { surveyPass } from './everyScreen';

/** The every-screen survey at a phone's width. */
describe('every screen, for every person', () => {
  surveyPass('passes axe and fits a 390 px phone', 'light-390', { width: 390, height: 844 });
});
