/** The code tables behind the project forms (System Setting › Project Properties). */
export const PROPERTY_KINDS = ['regions', 'countries', 'companies', 'advertisers', 'data-types'] as const;
export type PropertyKind = (typeof PROPERTY_KINDS)[number];
