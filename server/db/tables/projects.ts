import type { Generated } from 'kysely';

/** Tables of the projects feature; the Database interface (../schema.ts) extends this. */
export interface ProjectTables {
  projects: ProjectsTable;
  project_countries: ProjectCountriesTable;
  project_filters: ProjectFiltersTable;
  project_shares: ProjectSharesTable;
  plans: PlansTable;
}

export interface ProjectsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  status: string;
  data_type_code: string;
  data_source: string;
  advertiser_code: string;
  dashboard_type: string;
  template_id: number | null;
  dashboard_url: string | null;
  /** The creator's country of office at creation: the project's place in admin scopes. */
  owner_country_code: string | null;
  /** YYYY-MM-DD. */
  start_at: string;
  end_at: string;
  is_active: Generated<string>;
  created_by: number | null;
  created_at: string;
  updated_by: number | null;
  updated_at: string;
}

/** Countries of a project's data filter; the region comes from the countries code table. */
export interface ProjectCountriesTable {
  project_id: number;
  country_code: string;
}

/** Keyword (field null, operator INCLUDE/EXCLUDE) and condition filters, in form order. */
export interface ProjectFiltersTable {
  project_id: number;
  kind: 'KEYWORD' | 'CONDITION';
  sort_no: number;
  field: string | null;
  operator: string;
  value: string;
}

export interface ProjectSharesTable {
  id: Generated<number>;
  project_id: number;
  admin_id: number;
  privilege: string;
  created_at: string;
  updated_at: string;
}

export interface PlansTable {
  id: Generated<number>;
  project_id: number;
  title: string;
  data_type_code: string;
  description: string | null;
  created_by: number | null;
  created_at: string;
  updated_by: number | null;
  updated_at: string;
}
