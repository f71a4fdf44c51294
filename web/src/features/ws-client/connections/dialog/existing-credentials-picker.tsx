import { Menu, MenuItem, NonIdealState, Spinner } from '@blueprintjs/core';
import { KeyIcon } from '@blueprintjs/icons';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  getGetMqttClientCredentialsPageQueryKey,
  getGetMqttClientCredentialsQueryKey,
  useGetMqttClientCredentials,
  useGetMqttClientCredentialsPage,
} from '../../../../api/generated/endpoints/mqtt-client-credentials/mqtt-client-credentials';
import type { GetMqttClientCredentialsPageParams } from '../../../../api/generated/model/getMqttClientCredentialsPageParams';
import { SearchInput } from '../../../../components/table/search-input';
import { useDebouncedValue } from '../../../../components/table/use-debounced-value';

/** Spec section 9: autocomplete waits 150 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 150;
const PICKER_PAGE_SIZE = 20;

/** The username MQTT_BASIC credentials sign in with, from their value; null when it is not known. */
export function userNameOf(credentialsValue: string | null | undefined): string | null {
  try {
    const value: unknown = JSON.parse(credentialsValue ?? 'null');
    return typeof value === 'object' && value !== null && 'userName' in value && typeof value.userName === 'string' ? value.userName : null;
  } catch {
    return null;
  }
}

interface ExistingCredentialsPickerProps {
  value: string | null;
  /** The credentials chosen; again with the username they sign in with once they are read whole. */
  onChange: (clientCredentialsId: string, userName: string | null) => void;
  invalid: boolean;
}

/** Picks client credentials to connect with: MQTT_BASIC ones only, since a browser offers no client certificate. */
export function ExistingCredentialsPicker({ value, onChange, invalid }: ExistingCredentialsPickerProps) {
  const intl = useIntl();
  const [search, setSearch] = useState('');
  const textSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const params: GetMqttClientCredentialsPageParams = {
    pageSize: PICKER_PAGE_SIZE,
    page: 0,
    credentialsTypeList: ['MQTT_BASIC'],
    sortProperty: 'name',
    sortOrder: 'ASC',
    ...(textSearch === '' ? {} : { textSearch }),
  };
  const page = useGetMqttClientCredentialsPage(params, { query: { queryKey: getGetMqttClientCredentialsPageQueryKey(params) } });
  // The chosen credentials may lie beyond the first page of results; and list items carry no value
  // (TBMQ 2.3 leaves it out), so the username comes from the credentials read whole.
  const chosen = useGetMqttClientCredentials(value ?? '', { query: { queryKey: getGetMqttClientCredentialsQueryKey(value ?? ''), enabled: value !== null } });
  const picked = useRef<string | null>(null);
  useEffect(() => {
    if (picked.current === null || chosen.data?.id !== picked.current) return;
    picked.current = null;
    onChange(chosen.data.id, userNameOf(chosen.data.credentialsValue));
  }, [chosen.data, onChange]);
  const label = intl.formatMessage({ id: 'ws-client.connection.search-credentials' });
  return (
    <div className={invalid ? 'ws-client__picker ws-client__picker--invalid' : 'ws-client__picker'}>
      {chosen.data && (
        <p data-testid="chosen-credentials">
          <FormattedMessage id="ws-client.connection.chosen-credentials" values={{ name: chosen.data.name, b: (text) => <strong>{text}</strong> }} />
        </p>
      )}
      <SearchInput label={label} value={search} onValueChange={setSearch} />
      {page.isPending && <Spinner size={20} />}
      {page.data?.data.length === 0 && <NonIdealState className="ws-client__empty-small" description={<FormattedMessage id="ws-client.connection.no-basic-credentials" />} />}
      {page.data && page.data.data.length > 0 && (
        <Menu className="ws-client__picker-menu" aria-label={label}>
          {page.data.data.map((credentials) => (
            <MenuItem
              key={credentials.id}
              icon={<KeyIcon />}
              text={credentials.name}
              active={credentials.id === value}
              roleStructure="listoption"
              selected={credentials.id === value}
              onClick={() => {
                if (chosen.data?.id === credentials.id) return onChange(credentials.id, userNameOf(chosen.data.credentialsValue));
                picked.current = credentials.id;
                onChange(credentials.id, null);
              }}
            />
          ))}
        </Menu>
      )}
    </div>
  );
}
