import type { Property } from '../../shared';

export const regionLabel = (region: Pick<Property, 'code' | 'name'>) => `${region.name} (${region.code})`;
