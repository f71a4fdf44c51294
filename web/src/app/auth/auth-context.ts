import { createContext, useContext } from 'react';
import type { AuthUser } from '../../api/auth/auth-user';
import type { BrokerConfig } from '../../api/generated/model/brokerConfig';
import type { User } from '../../api/generated/model/user';

/** Spec section 3, auth state. */
export interface AuthState {
  /** A token pair is stored and the user and broker config have loaded. */
  isAuthenticated: boolean;
  /** False while the signed-in user loads; true once it loaded or there is nobody to load. */
  isUserLoaded: boolean;
  /** The access token decoded (claims sub, userId, scopes, isPublic, iat, exp): known from sign-in on, before the user loads. */
  authUser: AuthUser | null;
  user: User | null;
  brokerConfig: BrokerConfig | null;
  /** Spec section 6: whether signing in as another user is offered; loaded for SYS_ADMIN only. */
  tokenAccessEnabled: boolean;
  /** Clears both tokens and ends the session (spec section 4). */
  logout: () => void;
}

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (auth === null) throw new Error('useAuth must be used inside AuthProvider');
  return auth;
}
