import { useTranslate } from 'react-admin';
import type { SignUpOptions } from '../../shared';
import { validationLabel, type ValidationKey } from '../../components/formRules';
import { SelectField } from '../../components/SelectField';

export interface OfficeValues {
  company: string;
  region: string;
  office: string;
}

interface OfficeFieldsProps {
  options: SignUpOptions;
  values: OfficeValues;
  problems: Partial<Record<keyof OfficeValues, ValidationKey>>;
  onChange: (values: OfficeValues) => void;
}

/** Company, region and the country of office; offices are the countries of the chosen region. */
export function OfficeFields({ options, values, problems, onChange }: OfficeFieldsProps) {
  const translate = useTranslate();
  const message = (key?: ValidationKey) => key && translate(validationLabel(key));
  const offices = options.countries.filter((country) => country.regionCode === values.region);
  return (
    <>
      <SelectField
        name="company"
        kind="companies"
        label={translate('console.fields.company')}
        value={values.company}
        options={options.companies}
        onChange={(company) => onChange({ ...values, company })}
        problem={message(problems.company)}
      />
      <SelectField
        name="region"
        kind="regions"
        label={translate('console.fields.region')}
        value={values.region}
        options={options.regions}
        onChange={(region) => onChange({ ...values, region, office: '' })}
        problem={message(problems.region)}
      />
      <SelectField
        name="office"
        kind="countries"
        label={translate('console.fields.office')}
        value={values.office}
        options={offices}
        onChange={(office) => onChange({ ...values, office })}
        problem={message(problems.office)}
      />
    </>
  );
}
