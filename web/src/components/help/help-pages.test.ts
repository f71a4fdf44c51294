import { describe, expect, it } from 'vitest';
import { UserAdditionalInfoLang } from '../../api/generated/model/userAdditionalInfoLang';
import { allHelpIds } from './help-ids';

// The help pages the console ships (ARCHITECTURE.md "Web layout"), keyed by their path below public/help/.
const shipped = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>('/public/help/**/*.md', { query: '?raw', import: 'default', eager: true }),
  ).map(([path, text]) => [path.replace('/public/help/', ''), text]),
);
const languages = Object.values(UserAdditionalInfoLang);
const INCLUDE = /\{%\s*include\s+"([^"]+)"\s*%\}/g;

describe('shipped help pages (spec section 2, "Help")', () => {
  it('exist for every help id in every language', () => {
    const missing = languages.flatMap((lang) =>
      allHelpIds.filter((id) => (shipped[`${lang}/${id}.md`] ?? '').trim() === '').map((id) => `${lang}/${id}.md`),
    );
    expect(missing).toEqual([]);
  });

  it('are all reachable through a help id (shared passages live in partials/)', () => {
    const ids = new Set<string>(allHelpIds);
    const idOf = (path: string) => path.slice(path.indexOf('/') + 1, -'.md'.length);
    const orphans = Object.keys(shipped).filter((path) => !path.includes('/partials/') && !ids.has(idOf(path)));
    expect(orphans).toEqual([]);
  });

  it('include only files that exist in the same language', () => {
    const broken = Object.entries(shipped).flatMap(([path, text]) => {
      const lang = path.split('/')[0];
      return [...text.matchAll(INCLUDE)].map((match) => `${lang}/${match[1]}`).filter((included) => !(included in shipped));
    });
    expect(broken).toEqual([]);
  });

  it('have the same files in both languages', () => {
    const filesOf = (lang: string) =>
      Object.keys(shipped)
        .filter((path) => path.startsWith(`${lang}/`))
        .map((path) => path.slice(lang.length + 1))
        .sort();
    expect(filesOf('de_DE')).toEqual(filesOf('en_US'));
  });
});
