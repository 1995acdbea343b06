import { describe, expect, it } from 'vitest';
import type { PostConfig } from '../../shared';
import { postConfigRequest, validatePostConfig } from './postConfigForm';

const SAVED: PostConfig = {
  id: 4,
  configId: 4,
  dataType: 'MEDIA',
  targetType: 'feed',
  targetMethod: 'TABLEAU',
  targetLocation: 'Media feed',
  targetData: { serverUrl: 'https://tableau.example.com', tokenName: 'console', projectId: 'p-1', site: '' },
  secretSet: true,
  backupFlag: 'N',
  backupLocation: null,
  headers: [
    { code: 'clicks', type: 'NUMBER', inUse: 'Y', order: 7 },
    { code: 'report_date', type: 'DATE', inUse: 'N', order: 2 },
  ],
  inUse: 'Y',
  createdAt: '2026-11-18T00:00:00.000Z',
  updatedAt: '2026-11-18T00:00:00.000Z',
};

describe('post config request', () => {
  it('sends a read record back as the strict input: no ids or timestamps, headers numbered by position, untouched secret left out', () => {
    const request = postConfigRequest({ ...SAVED, targetSecret: '' } as unknown as Record<string, unknown>);
    expect(request).toEqual({
      dataType: 'MEDIA',
      targetType: 'feed',
      targetMethod: 'TABLEAU',
      targetLocation: 'Media feed',
      targetData: { serverUrl: 'https://tableau.example.com', tokenName: 'console', projectId: 'p-1' },
      backupFlag: 'N',
      backupLocation: null,
      headers: [
        { code: 'clicks', type: 'NUMBER', inUse: 'Y', order: 1 },
        { code: 'report_date', type: 'DATE', inUse: 'N', order: 2 },
      ],
      inUse: 'Y',
    });
    expect(validatePostConfig(SAVED as unknown as Record<string, unknown>)).toEqual({});
  });

  it('drops the settings of a method no longer chosen, and sends a typed secret', () => {
    const request = postConfigRequest({ ...SAVED, targetMethod: 'LOCAL', targetLocation: 'feeds/media', targetSecret: 'token-secret' } as unknown as Record<string, unknown>);
    expect(request.targetData).toEqual({});
    expect(request.targetSecret).toBe('token-secret');
  });

  it('shows the shared rules (as i18n keys) on the fields they name, nested like the values', () => {
    expect(validatePostConfig({ ...SAVED, targetData: { tokenName: 'console', projectId: 'p-1' }, backupFlag: 'Y', backupLocation: '../outside' } as unknown as Record<string, unknown>)).toEqual({
      targetData: { serverUrl: { message: 'console.validation.schema.enterKey', args: { key: 'serverUrl' } } },
      backupLocation: { message: 'console.validation.schema.backupFolder', args: {} },
    });
  });
});
