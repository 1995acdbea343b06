export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** YYYY-MM-DD naming a day that exists: 2024-02-29 does, 2024-02-30 does not (Date.parse would roll it over to March). */
export function isCalendarDay(text: string): boolean {
  if (!DAY_PATTERN.test(text)) return false;
  const start = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(start) && new Date(start).toISOString().slice(0, 10) === text;
}
