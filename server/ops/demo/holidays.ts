import { daysBefore, insertBatched, type DemoFeature } from './context';

/** Public holidays of the demo's countries, by month and day; the year is the anchor's and the next. */
const HOLIDAYS: ReadonlyArray<readonly [string, string, string | null]> = [
  ['01-01', "New Year's Day", null],
  ['03-01', 'Independence Movement Day', 'KR'],
  ['05-05', "Children's Day", 'KR'],
  ['07-04', 'Independence Day', 'US'],
  ['08-15', 'Liberation Day', 'KR'],
  ['10-03', 'National Foundation Day', 'KR'],
  ['10-09', 'Hangul Day', 'KR'],
  ['11-03', 'Culture Day', 'JP'],
  ['12-25', 'Christmas Day', null],
];

/** Holidays for this year and the next, the countries among them only where the country table has them. */
export const demoHolidays: DemoFeature = {
  name: 'holidays',
  tables: ['holidays'],
  async seed(demo) {
    const { trx, now } = demo;
    const countries = new Set((await trx.selectFrom('countries').select('code').execute()).map((row) => row.code));
    const createdAt = daysBefore(now, 30);
    const year = now.getUTCFullYear();
    const rows = [year, year + 1].flatMap((onYear) =>
      HOLIDAYS.filter(([, , country]) => country === null || countries.has(country)).map(([monthDay, name, country]) => ({
        date: `${onYear}-${monthDay}`,
        name,
        country,
        description: country ? null : 'Observed in every office',
        active_flag: 'Y' as const,
        created_at: createdAt,
        updated_at: createdAt,
      })),
    );
    await insertBatched(demo, 'holidays', rows);
    demo.counted('holidays', rows.length);
  },
};
