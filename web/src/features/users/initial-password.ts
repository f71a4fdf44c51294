import { randomAlphanumeric } from '../../components/random-text/random-alphanumeric';

/** Letters and digits in a one-time password the console makes: about 119 bits, as the bundled broker's. */
export const INITIAL_PASSWORD_LENGTH = 20;

/** A new user's first password, for the administrator who created the user to pass on. */
export interface InitialPassword {
  email: string;
  password: string;
}

/**
 * The password to send for a new user saved without one, or undefined to send none. The spec (section
 * 2) and TBMQ 2.3 give such a user the shared default password, which anyone knowing the e-mail could
 * sign in with: Starling never lets that happen (SECURITY.md). A broker that lists oneTimePassword
 * makes a random one itself and answers it once; in front of any other the console makes it here.
 */
export function consoleMadePassword(brokerMakesOne: boolean): string | undefined {
  return brokerMakesOne ? undefined : randomAlphanumeric(INITIAL_PASSWORD_LENGTH);
}
