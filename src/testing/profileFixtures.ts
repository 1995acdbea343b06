import { SYSTEM_ADMIN_CLAIMS, signAccessToken } from './accessTokens';
import type { ConnectedDataOptions, Profile } from '../shared';

/** Test data of the profile dialogs' specs: the answers the server would give. */
export const SIGNED_IN_EMAIL = 'minji.kim@example.com';
export const SIGNED_IN_ID = 7;

export const PROFILE: Profile = {
  email: SIGNED_IN_EMAIL,
  firstName: 'Minji',
  lastName: 'Kim',
  company: 'Headquarters',
  region: 'Asia Pacific',
  office: 'Korea',
  companyCode: 'HQ',
  regionCode: 'APAC',
  officeCode: 'KR',
  isApprover: 'Y',
  isCreator: 'N',
  isUploader: 'Y',
  connectedDataTypes: [
    {
      groupName: 'Acme Electronics',
      member: [
        { code: 'MEDIA', name: 'Media' },
        { code: 'CRM', name: 'CRM' },
      ],
    },
    { groupName: 'Globex Retail', member: [{ code: 'RETAIL', name: 'Retail' }] },
  ],
  connectedCountries: [
    {
      groupCode: 'APAC',
      groupName: 'Asia Pacific',
      member: [
        { code: 'KR', name: 'Korea' },
        { code: 'JP', name: 'Japan' },
      ],
    },
    { groupCode: 'NA', groupName: 'North America', member: [{ code: 'US', name: 'United States' }] },
  ],
};

const leaf = (key: string, label: string) => ({ key, label, children: [] });

export const CONNECTED_DATA_OPTIONS: ConnectedDataOptions = {
  advertisers: [
    { code: 'ACME', name: 'Acme Electronics' },
    { code: 'GLOBEX', name: 'Globex Retail' },
  ],
  countryTree: [
    { key: 'APAC', label: 'Asia Pacific', children: [leaf('KR', 'Korea'), leaf('JP', 'Japan'), leaf('SG', 'Singapore')] },
    { key: 'NA', label: 'North America', children: [leaf('US', 'United States'), leaf('CA', 'Canada')] },
  ],
};

/** Signs in a region admin in the test document, as the access token cookie the server sets. */
export async function signInForTest(): Promise<void> {
  const token = await signAccessToken({ ...SYSTEM_ADMIN_CLAIMS, 'user-id': SIGNED_IN_ID, accountRank: 3, accountLevel: 'REGION', authorities: ['region-admin'] }, { subject: SIGNED_IN_EMAIL });
  document.cookie = `accessToken=${token}; Path=/`;
}
