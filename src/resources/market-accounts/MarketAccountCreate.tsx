import { Create, SimpleForm } from 'react-admin';
import { marketAccountInput } from '../../shared';
import { inputOf, zodValidator } from '../zodForm';
import { MarketAccountInputs } from './MarketAccountInputs';
import { keepUntouchedSecret } from '../../components/secretTransform';
import { useSaveNotice } from '../useSaveNotice';

const toRequest = (data: Record<string, unknown>) => keepUntouchedSecret('secret', inputOf(marketAccountInput)(data));

export function MarketAccountCreate() {
  return (
    <Create {...useSaveNotice('created', 'show')} transform={toRequest}>
      <SimpleForm
        validate={(values) => zodValidator(marketAccountInput)(toRequest(values))}
        defaultValues={{ platform: '', accountId: '', name: '', advertiser: '', country: '', allowedHosts: [], activeFlag: 'Y' }}
      >
        <MarketAccountInputs />
      </SimpleForm>
    </Create>
  );
}
