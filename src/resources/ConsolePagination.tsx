import type { ComponentType } from 'react';
import type { LabelDisplayedRowsArgs } from '@mui/material';
import { Pagination, useListContext, useTranslate, type PaginationProps } from 'react-admin';

/** react-admin hands props it does not know on to MUI's TablePagination, whose label this sets. */
const LabelledPagination = Pagination as ComponentType<PaginationProps & { labelDisplayedRows: (args: LabelDisplayedRowsArgs) => string }>;

/**
 * react-admin's Pagination, but a total the server estimated (a list of more than 10,000 rows,
 * counted at most every 30 seconds: see server/db/list-count.ts) reads "of about 12,345".
 */
export function ConsolePagination(props: PaginationProps) {
  const { meta } = useListContext();
  const translate = useTranslate();
  if (!(meta as { totalIsEstimate?: boolean } | undefined)?.totalIsEstimate) return <Pagination {...props} />;
  const labelDisplayedRows = ({ from, to, count }: LabelDisplayedRowsArgs) =>
    translate('console.list.aboutRange', { from: from.toLocaleString(), to: to.toLocaleString(), total: count.toLocaleString() });
  return <LabelledPagination labelDisplayedRows={labelDisplayedRows} {...props} />;
}
