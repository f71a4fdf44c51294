import { Button, HTMLTable, Switch } from '@blueprintjs/core';
import { ArrowDownIcon, ArrowUpIcon, EditIcon } from '@blueprintjs/icons';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ShortMqttAuthProvider } from '../../../api/generated/model/shortMqttAuthProvider';
import { ActionsColumnHeader, TABLE_ACTIONS_CLASS } from '../../../components/table/actions-column-header';
import { PROVIDER_TYPE_ABOUT, PROVIDER_TYPE_NAMES } from '../../../components/auth-provider/provider-type-names';
import type { ProviderSwitch } from './use-provider-switch';
import { ChangeAction } from '../../../components/roles/change-action';

interface ProvidersTableProps {
  label: string;
  providers: ShortMqttAuthProvider[];
  providerSwitch: ProviderSwitch;
  onEdit: (provider: ShortMqttAuthProvider) => void;
  /** Given for the ordered providers: moves the one at a position up (-1) or down (+1). */
  onMove?: (index: number, step: -1 | 1) => void;
}

/** Providers as a dense table: position, name, description, on/off, order buttons and edit. */
export function ProvidersTable({ label, providers, providerSwitch, onEdit, onMove }: ProvidersTableProps) {
  const intl = useIntl();
  const tableRef = useRef<HTMLTableElement>(null);
  const [moved, setMoved] = useState<{ id: string; step: -1 | 1 }>();
  // A row moved with the keyboard keeps the focus on its button in the new place (or on the other
  // one, once it reaches an end), so that pressing again moves it further.
  useEffect(() => {
    if (!moved) return;
    const buttons = tableRef.current?.querySelectorAll<HTMLButtonElement>(`[data-move-of="${moved.id}"]`) ?? [];
    const [up, down] = [...buttons];
    const wanted = moved.step === -1 ? up : down;
    (wanted && !wanted.disabled ? wanted : moved.step === -1 ? down : up)?.focus();
  }, [moved, providers]);
  const move = (index: number, step: -1 | 1, id: string) => {
    onMove?.(index, step);
    setMoved({ id, step });
  };
  return (
    // On a phone each provider's description goes under its row (auth-providers-page.css), so nothing scrolls sideways.
    <div className="auth-providers__scroll">
      <HTMLTable ref={tableRef} compact striped className={`auth-providers__table${onMove ? ' auth-providers__table--ordered' : ''}`} aria-label={label}>
        <thead>
          <tr>
            {onMove && (
              <th>
                <FormattedMessage id="auth-provider.position" />
              </th>
            )}
            <th>
              <FormattedMessage id="auth-provider.provider" />
            </th>
            <th>
              <FormattedMessage id="auth-provider.description" />
            </th>
            <th>
              <FormattedMessage id="auth-provider.enabled" />
            </th>
            <ActionsColumnHeader />
          </tr>
        </thead>
        <tbody>
          {providers.map((provider, index) => {
            const name = intl.formatMessage({ id: PROVIDER_TYPE_NAMES[provider.type] });
            return (
              <tr key={provider.id} data-testid="provider-row">
                {onMove && <td>{index + 1}</td>}
                <td className="auth-providers__name">{name}</td>
                {/* The console's own words, in the reader's language; the broker's (English) text on hover. */}
                <td className="auth-providers__description" title={provider.description ?? undefined}>
                  <FormattedMessage id={PROVIDER_TYPE_ABOUT[provider.type]} />
                </td>
                <td>
                  <ChangeAction>
                    <Switch
                      className="auth-providers__switch"
                      checked={providerSwitch.enabledOf(provider)}
                      disabled={providerSwitch.pendingOf(provider)}
                      aria-label={intl.formatMessage({ id: 'auth-provider.enabled-of' }, { name })}
                      onChange={(event) => providerSwitch.toggle(provider, event.currentTarget.checked)}
                    />
                  </ChangeAction>
                </td>
                <td className={TABLE_ACTIONS_CLASS}>
                  {onMove && (
                    <>
                      <ChangeAction>
                        <Button
                          variant="minimal"
                          size="small"
                          icon={<ArrowUpIcon />}
                          disabled={index === 0}
                          aria-label={intl.formatMessage({ id: 'auth-provider.move-up' }, { name })}
                          title={intl.formatMessage({ id: 'auth-provider.move-up' }, { name })}
                          data-move-of={provider.id}
                          onClick={() => move(index, -1, provider.id)}
                        />
                      </ChangeAction>
                      <ChangeAction>
                        <Button
                          variant="minimal"
                          size="small"
                          icon={<ArrowDownIcon />}
                          disabled={index === providers.length - 1}
                          aria-label={intl.formatMessage({ id: 'auth-provider.move-down' }, { name })}
                          title={intl.formatMessage({ id: 'auth-provider.move-down' }, { name })}
                          data-move-of={provider.id}
                          onClick={() => move(index, 1, provider.id)}
                        />
                      </ChangeAction>
                    </>
                  )}
                  <Button
                    variant="minimal"
                    size="small"
                    icon={<EditIcon />}
                    aria-label={intl.formatMessage({ id: 'auth-provider.edit-of' }, { name })}
                    title={intl.formatMessage({ id: 'auth-provider.edit-of' }, { name })}
                    onClick={() => onEdit(provider)}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </div>
  );
}
