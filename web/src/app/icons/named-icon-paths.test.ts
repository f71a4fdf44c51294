import { describe, expect, it } from 'vitest';
import { namedIconPaths } from './named-icon-paths';

describe('icons drawn by name', () => {
  it('draws a listed icon with the paths of its size', async () => {
    const small = await namedIconPaths('chevron-left', 16);
    const large = await namedIconPaths('chevron-left', 20);
    expect(small.length).toBeGreaterThan(0);
    expect(large.length).toBeGreaterThan(0);
    expect(small).not.toEqual(large);
  });

  it('draws an icon missing from the list empty instead of loading every icon', async () => {
    expect(await namedIconPaths('airplane', 16)).toEqual([]);
  });
});
