import { endSession, renewSession } from './auth-session';
import type { TokenPair } from '../generated/model';
import { getRefreshToken, isAccessTokenValid, isRefreshTokenValid } from './token-storage';

// Spec section 4: one refresh serves every caller that needs it at the same time, so a burst of
// requests with an expired access token sends a single POST /api/auth/token.
let refreshInFlight: Promise<void> | null = null;

type RefreshRequest = (refreshToken: string) => Promise<TokenPair>;
let requestRefresh: RefreshRequest | null = null;

/**
 * Sets the call that renews the pair (the generated POST /api/auth/token). It is handed in rather
 * than imported because the generator reads this layer (the mutator) before the client exists.
 */
export function configureRefreshRequest(request: RefreshRequest): void {
  requestRefresh = request;
}

/** Refreshes the token pair; a failed or impossible refresh clears the tokens and signs out. */
export function refreshTokens(): Promise<void> {
  refreshInFlight ??= runRefresh().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/** The lock the console's tabs take turns on to renew the pair they share in local storage. */
const REFRESH_LOCK = 'starling_token_refresh';

/**
 * Tabs of the console share one stored pair, and the broker ends every session of a user whose
 * refresh token is used twice (openapi.yaml, POST /api/auth/token): tabs renew one at a time, where
 * the browser has Web Locks.
 */
async function oneTabAtATime(renew: () => Promise<void>): Promise<void> {
  const locks: LockManager | undefined = globalThis.navigator?.locks;
  if (locks) await locks.request(REFRESH_LOCK, renew);
  else await renew();
}

async function runRefresh(): Promise<void> {
  const seen = getRefreshToken();
  await oneTabAtATime(async () => {
    const token = getRefreshToken();
    // Another tab renewed the pair while this one waited: that pair serves here too.
    if (token !== null && token !== seen && isAccessTokenValid()) return;
    if (token === null || !isRefreshTokenValid()) {
      endSession();
      throw new SessionExpiredError('refresh-token-expired');
    }
    if (requestRefresh === null) throw new Error('configureRefreshRequest was not called before the first refresh');
    try {
      renewSession(await requestRefresh(token));
    } catch (error) {
      endSession();
      throw new SessionExpiredError('refresh-token-failed', { cause: error });
    }
  });
}

/** The session could not be renewed (spec section 8: "refresh failed", "refresh token expired"). */
export class SessionExpiredError extends Error {
  override readonly name = 'SessionExpiredError';

  constructor(
    readonly reason: 'refresh-token-expired' | 'refresh-token-failed',
    options?: ErrorOptions,
  ) {
    super(reason, options);
  }
}
