import fs from 'node:fs';
import path from 'node:path';
import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

/** Where the translations live, under public/ and under the build folder alike (spec section 7). */
const LOCALE_DIRECTORY = path.join('assets', 'locale');
const LOCALE_FILE = /^locale\.constant-([A-Za-z]{2}_[A-Za-z]{2})\.json$/;
const LOCALE_REQUEST = /\/assets\/locale\/(locale\.constant-[A-Za-z]{2}_[A-Za-z]{2}\.json)$/;

export type CompiledMessages = Record<string, MessageFormatElement[]>;

/**
 * Parses every message of a locale file into the syntax tree react-intl formats, with the options
 * react-intl would parse it with at run time (tags read, plural and select need `other`), so that
 * the console formats the tree without carrying the parser. A broken message fails with its id.
 */
export function compileMessages(messages: Record<string, string>, lang: string): CompiledMessages {
  const locale = new Intl.Locale(lang.replace('_', '-'));
  const compiled: CompiledMessages = {};
  for (const [id, message] of Object.entries(messages)) {
    try {
      compiled[id] = parse(message, { locale });
    } catch (error) {
      throw new Error(`Message ${id} of ${lang} does not parse: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
  return compiled;
}

function compileFile(file: string): string {
  const lang = LOCALE_FILE.exec(path.basename(file))?.[1];
  if (lang === undefined) throw new Error(`${file} is not a locale file`);
  const messages = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  return JSON.stringify(compileMessages(messages, lang));
}

/**
 * The locale files in public/ stay the messages people edit; the console receives them compiled, at
 * the same address: the build replaces its copies with the compiled ones, the dev server compiles
 * on each request. The parser then has nothing left to parse, and its no-parser build (what
 * formatjs offers for precompiled messages) takes its place in the bundle.
 */
export function compiledMessages(): Plugin {
  let publicLocales = '';
  let builtLocales = '';
  return {
    name: 'starling-compiled-messages',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
          },
        ],
      },
    }),
    configResolved(config) {
      publicLocales = path.join(config.publicDir, LOCALE_DIRECTORY);
      builtLocales = path.resolve(config.root, config.build.outDir, LOCALE_DIRECTORY);
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const name = LOCALE_REQUEST.exec(new URL(request.url ?? '/', 'http://dev').pathname)?.[1];
        const file = name === undefined ? '' : path.join(publicLocales, name);
        if (!fs.existsSync(file)) {
          next();
          return;
        }
        try {
          const compiled = compileFile(file);
          response.setHeader('Content-Type', 'application/json');
          response.setHeader('Cache-Control', 'no-cache');
          response.end(compiled);
        } catch (error) {
          next(error);
        }
      });
    },
    // After Vite has copied public/ into the build folder, before the precompress plugin's
    // closeBundle writes the .gz and .br copies of what is there.
    writeBundle() {
      for (const name of fs.readdirSync(publicLocales)) {
        if (LOCALE_FILE.test(name)) fs.writeFileSync(path.join(builtLocales, name), compileFile(path.join(publicLocales, name)));
      }
    },
  };
}
