import type { ComponentType } from 'react';
import type { RaRecord } from 'react-admin';

/**
 * One react-admin resource of the console. Its list is shown at the SPEC §2 screen path
 * (`listPath`); create, edit and show live under react-admin's own `/<name>/…` routes.
 */
export interface ConsoleResource {
  /** API and react-admin resource name (DESIGN §3). */
  name: string;
  listPath: string;
  requireRank: number;
  icon: ComponentType;
  list: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
  recordRepresentation?: string | ((record: RaRecord) => string);
}
