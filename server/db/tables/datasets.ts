import type { Generated } from 'kysely';

export interface DatasetsTable {
  id: Generated<number>;
  title: string;
  data_type_code: string;
  description: string | null;
  row_count: Generated<number>;
  created_by: number | null;
  created_at: string;
  updated_by: number | null;
  updated_at: string;
}

export interface DatasetColumnsTable {
  dataset_id: number;
  sort_no: number;
  col_name: string;
  col_type: string;
  required_flag: string;
  key_flag: string;
}

export interface DatasetRowsTable {
  dataset_id: number;
  row_key: string | null;
  upload_id: number;
  /** JSON array of the values in schema order. */
  row_values: string;
}

export interface UploadHistoriesTable {
  id: Generated<number>;
  dataset_id: number;
  file_name: string;
  storage_key: string;
  file_kind: string;
  size_bytes: number | string;
  sha256: string;
  status: string;
  reason: string | null;
  mode: string | null;
  row_count: Generated<number>;
  uploaded_count: Generated<number>;
  problem_count: Generated<number>;
  /** JSON of the FilePreview once parsed. */
  preview: string | null;
  created_by: number | null;
  created_at: string;
  updated_by: number | null;
  updated_at: string;
  /** The instance parsing or committing it, until lease_until (migration 013). */
  lease_owner: string | null;
  lease_until: string | null;
  /** JSON of the UploadProgress while parsing or committing, for the other instances. */
  progress: string | null;
  /** The checked rows' staging file in the file store (with DATABASE_URL), until the commit. */
  staging_key: string | null;
  /** What the commit did to the dataset (migration 019); null before it was recorded. */
  added_count: number | null;
  replaced_count: number | null;
  removed_count: number | null;
  /** When a discarded or expired upload's original file was removed from the store (migration 023). */
  file_removed_at: string | null;
  /** The columns the file was checked against, as schemaFingerprint() (migration 020); the commit compares it. */
  schema_fingerprint: string | null;
}

export interface MasterInfosTable {
  id: Generated<number>;
  metric: string;
  data_source: string;
  data_type_code: string;
}

export interface MasterInfoHeadersTable {
  master_info_id: number;
  sort_no: number;
  field: string;
  field_type: string;
}

/** Tables of the datasets feature; the Database interface (../schema.ts) extends this. */
export interface DatasetTables {
  datasets: DatasetsTable;
  dataset_columns: DatasetColumnsTable;
  dataset_rows: DatasetRowsTable;
  upload_histories: UploadHistoriesTable;
  master_infos: MasterInfosTable;
  master_info_headers: MasterInfoHeadersTable;
}
