// The e-mail format the console accepts wherever it asks for an e-mail (spec section 5): the same
// rule as the reference console's form validator, so both accept and refuse the same addresses.
const EMAIL_PATTERN =
  /^(?=.{1,254}$)(?=.{1,64}@)[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+)*@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function isEmailFormat(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}
