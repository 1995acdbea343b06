/** Tables of the projects feature; the Database interface (../schema.ts) extends this. */
export interface ProjectTables {}
