import { useState } from 'react';
import type { ClientSessionInfo } from '../../../api/generated/model/clientSessionInfo';
import type { ConnectionState } from '../../../api/generated/model/connectionState';

/** The rows an operator ticked, by client id, with the state each had when ticked. */
export type SessionSelection = ReadonlyMap<string, ConnectionState>;

/** Client ids of the selected sessions in one state: what a bulk disconnect or remove acts on. */
export function selectedInState(selection: SessionSelection, state: ConnectionState): string[] {
  return [...selection].filter(([, selectedState]) => selectedState === state).map(([clientId]) => clientId);
}

/** Row selection of the sessions table; it survives paging, and the page clears it when the filter changes. */
export function useSessionSelection() {
  const [selection, setSelection] = useState<SessionSelection>(new Map());
  const allSelected = (sessions: ClientSessionInfo[]) => sessions.length > 0 && sessions.every((session) => selection.has(session.clientId));
  return {
    selection,
    allSelected,
    toggle: (session: ClientSessionInfo) =>
      setSelection((current) => {
        const next = new Map(current);
        if (next.has(session.clientId)) next.delete(session.clientId);
        else next.set(session.clientId, session.connectionState);
        return next;
      }),
    /** Ticks every row of the page, or unticks them when all are ticked already. */
    toggleAll: (sessions: ClientSessionInfo[]) =>
      setSelection((current) => {
        const next = new Map(current);
        const untick = sessions.every((session) => current.has(session.clientId));
        for (const session of sessions) {
          if (untick) next.delete(session.clientId);
          else next.set(session.clientId, session.connectionState);
        }
        return next;
      }),
    clear: () => setSelection(new Map()),
  };
}
