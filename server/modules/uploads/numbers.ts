/**
 * A number as written in a file: an optional sign, digits (grouped by commas in threes or not),
 * an optional fraction and exponent — what spreadsheets export, 1,200.50 and 1.2E+15 included.
 * Currency signs, percentages and spaces are not numbers: they would need a unit the column lacks.
 */
const NUMBER = /^[+-]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * A number cell as a plain decimal (grouping commas and a leading + removed), or undefined when it is
 * not a number. Kept as text rather than a JavaScript number, so no digit of a long value is lost.
 */
export function normaliseNumber(value: string): string | undefined {
  // The regex's parts are all optional; a number needs a digit before any exponent.
  if (!NUMBER.test(value) || !/^[+-]?[\d,]*\.?\d/.test(value)) return undefined;
  return value.replace(/,/g, '').replace(/^\+/, '');
}

/** A number with a leading zero (007, 0123): in a file, a code such as a store or postal code rather than an amount. */
export function hasLeadingZero(value: string): boolean {
  return /^[+-]?0\d/.test(value);
}
