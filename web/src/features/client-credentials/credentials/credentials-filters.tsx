import { useIntl } from 'react-intl';
import { CLIENT_TYPE_LOOKS } from '../../../components/client-type/client-type-tag';
import { CheckboxListFilter } from '../shared/checkbox-list-filter';
import { FiltersButton } from '../shared/filters-button';
import { CLIENT_TYPES, CREDENTIALS_TYPES, type CredentialsFilter, credentialsTypeLabels } from './credentials-filter';

interface CredentialsFiltersProps {
  filter: CredentialsFilter;
  onChange: (name: keyof CredentialsFilter, values: string[]) => void;
}

/** Client type and credentials type filters (BROKER-API.md: clientTypeList, credentialsTypeList). */
export function CredentialsFilters({ filter, onChange }: CredentialsFiltersProps) {
  const intl = useIntl();
  const clientTypes = CLIENT_TYPES.map((value) => ({ value, label: intl.formatMessage({ id: CLIENT_TYPE_LOOKS[value].label }) }));
  const credentialsTypes = CREDENTIALS_TYPES.map((value) => ({ value, label: intl.formatMessage({ id: credentialsTypeLabels[value] }) }));
  return (
    <FiltersButton activeCount={filter.clientTypeList.length + filter.credentialsTypeList.length}>
      <CheckboxListFilter
        label={intl.formatMessage({ id: 'mqtt-client-credentials.client-type' })}
        choices={clientTypes}
        selected={filter.clientTypeList}
        onChange={(values) => onChange('clientTypeList', values)}
      />
      <CheckboxListFilter
        label={intl.formatMessage({ id: 'mqtt-client-credentials.credentials-type' })}
        choices={credentialsTypes}
        selected={filter.credentialsTypeList}
        onChange={(values) => onChange('credentialsTypeList', values)}
      />
    </FiltersButton>
  );
}
