/** Tables of the collect feature; the Database interface (../schema.ts) extends this. */
export interface CollectTables {}
