import { createHash } from 'node:crypto';

const DIGEST_CHARACTERS = 8;

/**
 * Text from outside (a client id, a username) as a log keeps it: at most maxCharacters UTF-16 units,
 * so at most three times as many bytes in SQLite. Longer text keeps its beginning, then "…" and a
 * short digest of the whole, so that two long ids with the same beginning stay apart. Cutting the
 * same text always gives the same result: a lookup cut the same way still finds it.
 */
export function boundedText(text: string, maxCharacters: number): string {
  if (text.length <= maxCharacters) return text;
  let end = maxCharacters - 1 - DIGEST_CHARACTERS;
  // Never split a surrogate pair: half a character is not valid UTF-8.
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  const digest = createHash('sha256').update(text).digest('base64url').slice(0, DIGEST_CHARACTERS);
  return `${text.slice(0, end)}…${digest}`;
}

/** Client ids, usernames and reasons in the client event and unauthorized-client logs. */
const MAX_LOGGED_TEXT_CHARACTERS = 256;

/** Outside text as the client event and unauthorized-client logs keep it (and look it up). */
export function loggedText(text: string): string {
  return boundedText(text, MAX_LOGGED_TEXT_CHARACTERS);
}
