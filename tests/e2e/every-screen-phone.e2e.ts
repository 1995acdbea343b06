import { describe } from 'vitest';
import { phoneCardChecks, surveyPass } from './everyScreen';

/** The every-screen survey at a phone's width: every list as cards; then the cards by keyboard, in Korean, and the board at 1,440 px. */
describe('every screen, for every person', () => {
  surveyPass('passes axe and fits a 390 px phone, every list as cards', 'light-390', { width: 390, height: 844 }, { cards: true });
  phoneCardChecks();
});
