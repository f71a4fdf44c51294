import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubScreenWidth } from '../../test-support/screen-width';
import { type Breakpoint, chooseForWidth, matchesBreakpoint, mediaQueryOf } from './breakpoints';
import { useBreakpointChoice } from './use-media-query';

// Spec section 2: xs under 600 px; sm 600-959; md 960-1279; lg 1280-1919; xl 1920 and up; custom:
// md-lg 960-1819, gt-md-lg from 1820, lt-xmd under 1600.

const ALL: Breakpoint[] = ['xs', 'sm', 'md', 'lg', 'xl', 'gt-sm', 'md-lg', 'gt-md-lg', 'lt-xmd'];
const matching = (width: number) => ALL.filter((breakpoint) => matchesBreakpoint(breakpoint, width));

describe('responsive breakpoints (spec section 2)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    [0, ['xs', 'lt-xmd']],
    [599, ['xs', 'lt-xmd']],
    [599.5, ['xs', 'lt-xmd']],
    [600, ['sm', 'lt-xmd']],
    [959, ['sm', 'lt-xmd']],
    [960, ['md', 'gt-sm', 'md-lg', 'lt-xmd']],
    [1279, ['md', 'gt-sm', 'md-lg', 'lt-xmd']],
    [1280, ['lg', 'gt-sm', 'md-lg', 'lt-xmd']],
    [1599, ['lg', 'gt-sm', 'md-lg', 'lt-xmd']],
    [1600, ['lg', 'gt-sm', 'md-lg']],
    [1819, ['lg', 'gt-sm', 'md-lg']],
    [1820, ['lg', 'gt-sm', 'gt-md-lg']],
    [1919, ['lg', 'gt-sm', 'gt-md-lg']],
    [1920, ['xl', 'gt-sm', 'gt-md-lg']],
    [3840, ['xl', 'gt-sm', 'gt-md-lg']],
  ])('a screen %s px wide is %j', (width, expected) => {
    expect(matching(width)).toEqual(expected);
  });

  it('writes each as a media query that ends just below the next range', () => {
    expect(mediaQueryOf('xs')).toBe('(max-width: 599.98px)');
    expect(mediaQueryOf('sm')).toBe('(min-width: 600px) and (max-width: 959.98px)');
    expect(mediaQueryOf('md')).toBe('(min-width: 960px) and (max-width: 1279.98px)');
    expect(mediaQueryOf('lg')).toBe('(min-width: 1280px) and (max-width: 1919.98px)');
    expect(mediaQueryOf('xl')).toBe('(min-width: 1920px)');
    expect(mediaQueryOf('md-lg')).toBe('(min-width: 960px) and (max-width: 1819.98px)');
    expect(mediaQueryOf('gt-md-lg')).toBe('(min-width: 1820px)');
    expect(mediaQueryOf('lt-xmd')).toBe('(max-width: 1599.98px)');
  });

  it('chooses by the first breakpoint that matches, else the fallback', () => {
    const choices = [
      ['xs', 'phone'],
      ['lt-xmd', 'narrow'],
    ] as const;
    expect(chooseForWidth(500, choices, 'wide')).toBe('phone');
    expect(chooseForWidth(1599, choices, 'wide')).toBe('narrow');
    expect(chooseForWidth(1600, choices, 'wide')).toBe('wide');
  });

  it.each([
    [500, 'phone'],
    [1280, 'narrow'],
    [1920, 'wide'],
  ])('gives a component the choice for the screen, %s px wide', (width, expected) => {
    stubScreenWidth(width);
    const choices = [
      ['xs', 'phone'],
      ['lt-xmd', 'narrow'],
    ] as const;
    expect(renderHook(() => useBreakpointChoice(choices, 'wide')).result.current).toBe(expected);
  });
});
