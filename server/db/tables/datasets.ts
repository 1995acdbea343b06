/** Tables of the datasets feature; the Database interface (../schema.ts) extends this. */
export interface DatasetTables {}
