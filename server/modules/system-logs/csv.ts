import type { SystemLogEntry } from '../../../src/shared';

export const CSV_COLUMNS: (keyof SystemLogEntry)[] = [
  'requestAt', 'eventId', 'adminId', 'email', 'httpMethod', 'endPoint', 'httpStatus', 'queryParam', 'requestBody', 'sourceIp',
];

// The posters' data files quote cells the same way but keep their values as they are (a metric may be -3).
export { quotedCsvCell } from '../../../src/shared';
