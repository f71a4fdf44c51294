import type { UserPasswordPolicy } from '../../api/generated/model/userPasswordPolicy';
import { PREFERRED_LENGTH, randomPasswordFor } from '../../components/password-policy/random-policy-password';
import { randomAlphanumeric } from '../../components/random-text/random-alphanumeric';

/** A new user's first password, for the administrator who created the user to pass on. */
export interface InitialPassword {
  email: string;
  password: string;
}

/**
 * The password to send for a new user saved without one, or undefined to send none. The spec (section
 * 2) and TBMQ 2.3 give such a user the shared default password, which anyone knowing the e-mail could
 * sign in with: Starling never lets that happen (SECURITY.md). A broker that lists oneTimePassword
 * makes a random one itself and answers it once; in front of any other the console makes it here,
 * shaped by the broker's password policy when the broker answers it (else the broker would refuse it).
 */
export function consoleMadePassword(brokerMakesOne: boolean, policy?: UserPasswordPolicy): string | undefined {
  if (brokerMakesOne) return undefined;
  return policy ? randomPasswordFor(policy) : randomAlphanumeric(PREFERRED_LENGTH);
}
