import type { IconName, IconPaths } from '@blueprintjs/icons';
import chevronLeft16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-left';
import chevronLeft20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-left';

/**
 * Paths of the icons drawn by name (`<Icon icon="chevron-left" />`), in place of Blueprint's own
 * loaders (aliased in vite.config.ts). Those bring the paths of all of Blueprint's 1,060 icons in
 * two sizes, about 205 kB gzipped, into the build. The console draws icon components, which carry
 * their own paths; only what Blueprint itself draws by name is listed here (the panel stack's back
 * button). A name missing here draws an empty icon, and says so on the console in development.
 */
const NAMED_ICONS: Partial<Record<IconName, { 16: IconPaths; 20: IconPaths }>> = {
  'chevron-left': { 16: chevronLeft16, 20: chevronLeft20 },
};

/** Blueprint's loader contract: the paths of one icon at one size (16 below 20 px, else 20). */
export async function namedIconPaths(name: IconName, size: number): Promise<IconPaths> {
  const icon = NAMED_ICONS[name];
  if (!icon) {
    if (import.meta.env.DEV) console.warn(`Icon "${name}" is drawn by name but not listed in web/src/app/icons/named-icon-paths.ts`);
    return [];
  }
  return size < 20 ? icon[16] : icon[20];
}

// The two loaders Blueprint chooses between by name.
export const allPathsLoader = namedIconPaths;
export const splitPathsBySizeLoader = namedIconPaths;
