import type { SystemLogEntry } from '../../../src/shared';

export const CSV_COLUMNS: (keyof SystemLogEntry)[] = ['requestAt', 'eventId', 'adminId', 'email', 'httpMethod', 'endPoint', 'httpStatus', 'queryParam', 'requestBody', 'sourceIp'];
