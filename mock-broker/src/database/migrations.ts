import type { Migration } from './migrations/migration.js';
import { versions1To19 } from './migrations/versions-1-to-19.js';
import { versionsFrom20 } from './migrations/versions-from-20.js';

export type { Migration } from './migrations/migration.js';

/**
 * Append only: a released migration is never edited, a change is a new version. The list is kept
 * in files of a few hundred lines each; new versions go at the end of the last one.
 */
export const migrations: readonly Migration[] = [...versions1To19, ...versionsFrom20];
