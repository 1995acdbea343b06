import type { PropertyWords } from './en';

/**
 * Korean names of the Project Properties codes the console ships (server/db/seed.ts). Countries need
 * none: the platform's locale data names them. A code an administrator adds reads as its stored name.
 */
export const propertyNamesKo: PropertyWords = {
  regions: { APAC: '아시아 태평양', EMEA: '유럽·중동·아프리카', NA: '북미', LATAM: '중남미' },
  companies: { HQ: '본사', AGENCY: '미디어 대행사', PARTNER: '데이터 파트너' },
  'data-types': { MEDIA: '미디어', CRM: 'CRM', RETAIL: '리테일', SOCIAL: '소셜' },
};
