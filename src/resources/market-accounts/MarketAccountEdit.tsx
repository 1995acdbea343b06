import { Edit, SimpleForm } from 'react-admin';
import { marketAccountInput } from '../../shared';
import { inputOf, zodValidator } from '../zodForm';
import { MarketAccountInputs } from './MarketAccountInputs';
import { keepUntouchedSecret } from '../../components/secretTransform';
import { useSaveNotice } from '../useSaveNotice';

const toRequest = (data: Record<string, unknown>) => keepUntouchedSecret('secret', inputOf(marketAccountInput)(data));

/** Pessimistic: the save and the delete (with its confirmation) wait for the server's answer. */
export function MarketAccountEdit() {
  return (
    <Edit mutationMode="pessimistic" {...useSaveNotice('updated', 'show')} transform={toRequest}>
      <SimpleForm validate={(values) => zodValidator(marketAccountInput)(toRequest(values))}>
        <MarketAccountInputs />
      </SimpleForm>
    </Edit>
  );
}
