/** Spec section 3: the name a new connection starts with. */
export const DEFAULT_CONNECTION_NAME = 'WebSocket Connection';

/**
 * `base` itself when no connection has that name, else `base` with the first free number after it
 * ("WebSocket Connection 2", "… 3"); names are unique per user (openapi.yaml, saveWsConnection).
 */
export function uniqueConnectionName(base: string, takenNames: readonly string[]): string {
  const taken = new Set(takenNames);
  if (!taken.has(base)) return base;
  let number = 2;
  while (taken.has(`${base} ${number}`)) number += 1;
  return `${base} ${number}`;
}
