import { Edit, SimpleForm } from 'react-admin';
import { ConsoleEditToolbar } from '../ConsoleDeleteButton';
import { marketAccountInput } from '../../shared';
import { inputOf, zodValidator } from '../zodForm';
import { MarketAccountInputs } from './MarketAccountInputs';
import { keepUntouchedSecret } from '../../components/secretTransform';
import { useSaveNotice } from '../useSaveNotice';

const toRequest = (data: Record<string, unknown>) => keepUntouchedSecret('secret', inputOf(marketAccountInput)(data));

/** Pessimistic: the save waits for the server's answer; the delete is the console's (ConsoleEditToolbar). */
export function MarketAccountEdit() {
  return (
    <Edit mutationMode="pessimistic" {...useSaveNotice('updated', 'show')} transform={toRequest}>
      <SimpleForm validate={(values) => zodValidator(marketAccountInput)(toRequest(values))} toolbar={<ConsoleEditToolbar />}>
        <MarketAccountInputs />
      </SimpleForm>
    </Edit>
  );
}
