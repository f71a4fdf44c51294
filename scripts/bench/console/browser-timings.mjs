// Timings of the console in Chromium driven by Playwright: navigation → usable login form,
// sign-in → home page rendered, route switches through the side menu; long tasks over 50 ms; the
// JavaScript and CSS each step downloads.
import fs from 'node:fs';
import path from 'node:path';
import { summarizeProfile } from '../lib/cpu-profile.mjs';
import { ensureScratchDir, webDist } from '../lib/workspace.mjs';
import { fileSize } from './bundle-size.mjs';
import { armInPage, collectFromPage, installProbes, pageProbeState } from './page-probes.mjs';
import { fillSignInForm, loginButton } from './sign-in.mjs';

const VIEWPORT = { width: 1280, height: 800 };
const LONG_TASK_MS = 50;

/**
 * Tracks what each phase downloads: the phase current when a request started; answers that the
 * cache satisfied (304 revalidations included) weigh nothing.
 */
function trackDownloads(page) {
  const downloads = [];
  const tracker = { phase: 'start', downloads };
  const phaseOf = new WeakMap();
  page.on('request', (request) => phaseOf.set(request, tracker.phase));
  page.on('response', async (response) => {
    const { pathname } = new URL(response.url());
    if (pathname === '/favicon.svg') return;
    const file = path.join(webDist, pathname);
    // A body of 0 bytes with 200: Chromium's cache answered without the network.
    const body = await response.request().sizes().then((sizes) => sizes.responseBodySize, () => undefined);
    const fromCache = response.status() === 304 || body === 0;
    const weighed = !fromCache && /\.(?:js|css)$/.test(pathname) && fs.existsSync(file);
    const kind = kindOf(pathname);
    const download = { phase: phaseOf.get(response.request()) ?? tracker.phase, pathname, status: response.status(), kind };
    downloads.push(weighed ? { ...download, ...fileSize(pathname.slice(1)) } : download);
    if (kind === 'api') {
      // Request start to the answer's last byte: the server's share of a step. A call still open
      // when the visit's browser context closes (a poll) has no end to time.
      const finished = await response.finished().then(() => true, () => false);
      download.pathname = `${response.request().method()} ${pathname}`;
      if (finished) download.ms = response.request().timing().responseEnd;
    }
  });
  return tracker;
}

function kindOf(pathname) {
  if (pathname.startsWith('/api/')) return 'api';
  if (/\.(?:js|css)$/.test(pathname)) return 'js+css';
  if (/\.(?:woff2?|ttf|eot|svg)$/.test(pathname)) return 'font/icon';
  if (pathname.endsWith('.json')) return 'data';
  return 'document';
}

function longTasksWithin(longTasks, start, end) {
  const inside = longTasks.filter((task) => task.start + task.duration > start && task.start < end);
  return { count: inside.length, longestMs: inside.length ? Math.max(...inside.map((task) => task.duration)) : 0 };
}

async function expandMenuGroups(menu) {
  const closed = menu.locator('button[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
}

async function menuLinks(menu) {
  const links = await menu.locator('a[href]').evaluateAll((anchors) =>
    anchors.map((anchor) => ({
      path: new URL(anchor.href).pathname,
      // Blueprint's menu item keeps its text apart from labels such as the "New" tag.
      name: (anchor.querySelector('.bp6-fill, .bp5-fill') ?? anchor).textContent.trim(),
    })),
  );
  // Start where the sign-in lands (home) and come back to it last.
  const home = links.filter((link) => link.path === '/home');
  return [...links.filter((link) => link.path !== '/home'), ...home];
}

/** One signed-out visitor in a fresh browser context (empty cache): load, reload, sign in, walk the menu twice. */
async function measureVisit(browser, baseUrl, credentials) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript(installProbes);
  const page = await context.newPage();
  const downloads = trackDownloads(page);
  try {
    downloads.phase = 'login (cold cache)';
    await page.goto(`${baseUrl}/login`, { waitUntil: 'commit' });
    const loginCold = await collectFromPage(page, 'loginForm');
    const coldState = await pageProbeState(page);

    downloads.phase = 'login (reload)';
    await page.reload({ waitUntil: 'commit' });
    const loginWarm = await collectFromPage(page, 'loginForm');

    downloads.phase = 'sign-in → home';
    await fillSignInForm(page, credentials);
    await armInPage(page, 'home', 'homeShown');
    await loginButton(page).click();
    const homeAt = await collectFromPage(page, 'home');
    const { lastSubmitAt } = await pageProbeState(page);
    const windows = [{ phase: 'sign-in → home', start: lastSubmitAt, end: homeAt }];

    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expandMenuGroups(menu);
    const links = await menuLinks(menu);
    const switches = [];
    for (const visit of ['first visit', 'revisit']) {
      for (const link of links) {
        downloads.phase = `${link.path} (${visit})`;
        await page.evaluate(() => globalThis.__starlingBench.rememberPage());
        await armInPage(page, 'route', 'routeShown', link.path);
        await menu.locator(`a[href="${link.path}"]`).click();
        const shownAt = await collectFromPage(page, 'route');
        const { lastClickAt } = await pageProbeState(page);
        switches.push({ path: link.path, name: link.name, visit, ms: shownAt - lastClickAt });
        windows.push({ phase: downloads.phase, start: lastClickAt, end: shownAt });
      }
    }
    const finalState = await pageProbeState(page);
    const loadTasks = longTasksWithin(coldState.longTasks, 0, loginCold);
    return {
      loginFormColdMs: loginCold,
      loginFormWarmMs: loginWarm,
      firstContentfulPaintMs: coldState.firstContentfulPaint,
      signInToHomeMs: homeAt - lastSubmitAt,
      switches,
      longTasksUnsupported: coldState.longTasksUnsupported,
      longTasks: {
        all: [...coldState.longTasks, ...finalState.longTasks].filter((task) => task.duration > LONG_TASK_MS),
        byPhase: [
          { phase: 'login (cold cache)', ...loadTasks },
          ...windows.map((window) => ({ phase: window.phase, ...longTasksWithin(finalState.longTasks, window.start, window.end) })),
        ],
      },
      downloads: downloads.downloads,
    };
  } finally {
    await context.close();
  }
}

/**
 * CPU profiles (Chromium's sampling profiler over the DevTools protocol) of a cold load up to the
 * login form and of a sign-in up to the home page, in a visit of their own so that profiling
 * overhead stays out of the timings.
 */
export async function profileVisit(browser, baseUrl, credentials) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript(installProbes);
  const page = await context.newPage();
  const devtools = await context.newCDPSession(page);
  await devtools.send('Profiler.enable');
  await devtools.send('Profiler.setSamplingInterval', { interval: 200 });
  const scratch = ensureScratchDir();
  const profiles = {};
  const capture = async (name, action) => {
    await devtools.send('Profiler.start');
    await action();
    const { profile } = await devtools.send('Profiler.stop');
    const file = path.join(scratch, `console-${name}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(profile));
    profiles[name] = { file, ...summarizeProfile(profile) };
  };
  try {
    await capture('load-to-login-form', async () => {
      await page.goto(`${baseUrl}/login`, { waitUntil: 'commit' });
      await collectFromPage(page, 'loginForm');
    });
    await fillSignInForm(page, credentials);
    await capture('sign-in-to-home', async () => {
      await armInPage(page, 'home', 'homeShown');
      await loginButton(page).click();
      await collectFromPage(page, 'home');
    });
  } finally {
    await context.close();
  }
  return profiles;
}

export async function measureVisits(browser, baseUrl, credentials, count) {
  const visits = [];
  for (let visit = 0; visit < count; visit += 1) visits.push(await measureVisit(browser, baseUrl, credentials));
  return visits;
}
