import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession, startSession } from './auth-session';
import type { User } from '../generated/model/user';
import { loadSessionData, reloadSessionUser, sessionData, subscribeToSessionData } from './session-data';
import { makeTokenPair } from './test-tokens';
import { makeUser } from '../../test-support/test-user';

/** GET /api/auth/user answers, one a call, released by the test. */
let pendingAnswers: ((user: User) => void)[] = [];

function answerUser(user: User): void {
  const answer = pendingAnswers.shift();
  if (!answer) throw new Error('no GET /api/auth/user is waiting');
  answer(user);
}

/** Resolves once the store has changed (an answer went in). */
function nextChange(): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = subscribeToSessionData(() => {
      unsubscribe();
      resolve();
    });
  });
}

/** Signs in and loads the user the broker answers. */
async function signInAs(email: string): Promise<void> {
  startSession(makeTokenPair());
  loadSessionData(['user']);
  const changed = nextChange();
  answerUser(makeUser({ email }));
  await changed;
}

describe('what a session loads (spec section 4)', () => {
  beforeEach(() => {
    localStorage.clear();
    endSession();
    pendingAnswers = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        if (url !== '/api/auth/user') return Promise.resolve(Response.json({ status: 404, errorCode: 32, message: 'Not found' }, { status: 404 }));
        return new Promise<Response>((resolve) => pendingAnswers.push((user) => resolve(Response.json(user))));
      }),
    );
  });
  afterEach(() => endSession());

  it('asks for the user once however many parts want it, and keeps the answer', async () => {
    startSession(makeTokenPair());
    loadSessionData(['user']);
    loadSessionData(['user']);
    expect(pendingAnswers).toHaveLength(1);

    const changed = nextChange();
    answerUser(makeUser({ email: 'operator@example.com' }));
    await changed;
    loadSessionData(['user']);

    expect(sessionData().user.value?.email).toBe('operator@example.com');
    expect(pendingAnswers).toHaveLength(0);
  });

  it('shows nothing of one user to the next: what a session loaded goes with it, and so does a late answer', async () => {
    await signInAs('first@example.com');

    endSession();
    expect(sessionData().user.value).toBeUndefined();

    // The next user signs in; the first session's reload answers only after it ended.
    startSession(makeTokenPair());
    reloadSessionUser();
    endSession();
    startSession(makeTokenPair());
    loadSessionData(['user']);
    answerUser(makeUser({ email: 'first@example.com' }));
    const loaded = nextChange();
    answerUser(makeUser({ email: 'second@example.com' }));
    await loaded;

    expect(sessionData().user.value?.email).toBe('second@example.com');
  });

  it('keeps the loaded user while it reloads, and marks a failed load so the session can end', async () => {
    await signInAs('operator@example.com');

    reloadSessionUser();
    expect(sessionData().user.value?.email).toBe('operator@example.com');

    const changed = nextChange();
    loadSessionData(['brokerConfig']);
    await changed;
    expect(sessionData().brokerConfig).toMatchObject({ value: undefined, failed: true });
  });
});
