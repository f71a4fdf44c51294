import { hasSession, subscribeToSession } from './auth-session';
import { getBrokerConfig } from '../generated/calls/app/app';
import { getCurrentUser } from '../generated/calls/auth/auth';
import { isAdminUserTokenAccessEnabled } from '../generated/calls/user/user';
import type { BrokerConfig } from '../generated/model/brokerConfig';
import type { User } from '../generated/model/user';

// Spec section 4: what a session loads once signed in. Kept outside React Query, which loads with
// the signed-in shell: the sign-in page needs none of it (issue 29). Each call is made once a
// session (never again by itself), and everything goes when the session ends.

/** One call's answer: undefined until it arrived; failed when the broker refused it or was not reached. */
export interface Loaded<T> {
  value: T | undefined;
  failed: boolean;
  /** When the answer arrived (ms since the epoch): pages that ask again reuse it by its age. */
  at: number;
}

export interface SessionData {
  user: Loaded<User>;
  brokerConfig: Loaded<BrokerConfig>;
  /** Spec section 6: whether signing in as another user is offered; asked for SYS_ADMIN only. */
  tokenAccessEnabled: Loaded<boolean>;
}

type Part = keyof SessionData;

const NOTHING = { value: undefined, failed: false, at: 0 };
const EMPTY: SessionData = { user: NOTHING, brokerConfig: NOTHING, tokenAccessEnabled: NOTHING };

const CALLS: { [P in Part]: () => Promise<SessionData[P]['value']> } = {
  user: () => getCurrentUser(),
  brokerConfig: () => getBrokerConfig(),
  // TBMQ's path (GET /api/admin/user/tokenAccessEnabled), which the bundled broker serves too.
  tokenAccessEnabled: () => isAdminUserTokenAccessEnabled({ ignoreErrors: true }),
};

let data = EMPTY;
/** Counts sessions, so that an answer for one that has ended is dropped. */
let generation = 0;
const inFlight = new Set<Part>();
const listeners = new Set<() => void>();

function update(next: SessionData): void {
  data = next;
  for (const listener of listeners) listener();
}

subscribeToSession(() => {
  if (hasSession()) return;
  generation += 1;
  inFlight.clear();
  if (data !== EMPTY) update(EMPTY);
});

function load(part: Part): void {
  if (!hasSession() || inFlight.has(part)) return;
  const loadedIn = generation;
  inFlight.add(part);
  const settle = (answer: Partial<Loaded<unknown>>) => {
    if (loadedIn !== generation) return;
    inFlight.delete(part);
    update({ ...data, [part]: { ...data[part], ...answer, at: Date.now() } });
  };
  CALLS[part]().then(
    (value) => settle({ value, failed: false }),
    () => settle({ failed: true }),
  );
}

/** Asks for what the session has not loaded yet (nothing without a session, nothing twice). */
export function loadSessionData(parts: readonly Part[]): void {
  for (const part of parts) if (data[part].value === undefined && !data[part].failed) load(part);
}

/** Asks for the user again (its password or language changed); the loaded one stays meanwhile. */
export function reloadSessionUser(): void {
  load('user');
}

/** The user as a call that changed it answered it (a profile save). */
export function setSessionUser(user: User): void {
  if (hasSession()) update({ ...data, user: { value: user, failed: false, at: Date.now() } });
}

export function sessionData(): SessionData {
  return data;
}

export function subscribeToSessionData(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
