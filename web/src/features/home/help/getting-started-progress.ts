import { useCallback, useState } from 'react';

/** What the getting-started card remembers per user, in this browser. */
export interface GettingStartedProgress {
  /** A client has connected once: the connect step stays done. */
  clientConnected: boolean;
  /** The user hid the card. */
  hidden: boolean;
}

const NOT_STARTED: GettingStartedProgress = { clientConnected: false, hidden: false };

/** Spec section 3: local-storage keys carry the product prefix. */
export function progressKey(userId: string): string {
  return `starling_getting_started_${userId}`;
}

export function readProgress(userId: string): GettingStartedProgress {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(progressKey(userId)) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return NOT_STARTED;
    const { clientConnected, hidden } = stored as Partial<GettingStartedProgress>;
    return { clientConnected: clientConnected === true, hidden: hidden === true };
  } catch {
    return NOT_STARTED;
  }
}

function writeProgress(userId: string, progress: GettingStartedProgress): void {
  try {
    localStorage.setItem(progressKey(userId), JSON.stringify(progress));
  } catch {
    // Without storage (a full or blocked one) the card still works; it only forgets on reload.
  }
}

/** The signed-in user's progress (undefined until the user is known) and a way to record more of it. */
export function useGettingStartedProgress(userId: string | undefined) {
  const [recorded, setRecorded] = useState<Record<string, GettingStartedProgress>>({});
  const progress = userId === undefined ? undefined : (recorded[userId] ?? readProgress(userId));
  const record = useCallback(
    (change: Partial<GettingStartedProgress>) => {
      if (userId === undefined) return;
      const next = { ...readProgress(userId), ...change };
      writeProgress(userId, next);
      setRecorded((current) => ({ ...current, [userId]: next }));
    },
    [userId],
  );
  return { progress, record };
}
