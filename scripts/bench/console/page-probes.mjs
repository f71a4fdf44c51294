// Code that runs inside the console's page: times are the page's own performance.now() (ms since
// navigation start), so Playwright's round trips do not count in them.
/* global window, document, location, MutationObserver, requestAnimationFrame */

/** Installed before the console's scripts (page.addInitScript): long tasks, input times and a frame waiter. */
export function installProbes() {
  const bench = { longTasks: [], lastClickAt: undefined, lastSubmitAt: undefined };
  Object.defineProperty(window, '__starlingBench', { value: bench });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    bench.longTasksUnsupported = true;
  }
  // Event Timing: a click's duration runs from the input to the next frame painted after its
  // handlers, i.e. how long the user waited to see the answer. Entries under 16 ms are not reported.
  bench.clicks = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === 'click') bench.clicks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  } catch {
    bench.clicksUnsupported = true;
  }
  // event.timeStamp is when the input happened, before any handler ran.
  document.addEventListener('click', (event) => (bench.lastClickAt = event.timeStamp), true);
  document.addEventListener('submit', (event) => (bench.lastSubmitAt = event.timeStamp), true);

  /** performance.now() at the first animation frame after `condition` holds (checked on every DOM change). */
  const waitFor = (condition, timeoutMs) =>
    new Promise((resolve, reject) => {
      let settled = false;
      const check = () => {
        if (settled || !condition()) return;
        settled = true;
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now()));
      };
      const observer = new MutationObserver(check);
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      if (timeoutMs !== undefined) {
        setTimeout(() => {
          if (settled) return;
          settled = true;
          observer.disconnect();
          reject(new Error(`the page did not reach the expected state within ${timeoutMs} ms (at ${location.pathname})`));
        }, timeoutMs);
      }
      check();
    });

  /** Starts watching for a probe before the action that should cause it; collect() answers its time. */
  bench.pending = {};
  bench.arm = (name, probe, argument, timeoutMs) => {
    bench.pending[name] = waitFor(() => bench[probe](argument), timeoutMs).then(
      (at) => ({ at }),
      (error) => ({ error: error.message }),
    );
  };
  bench.collect = async (name) => bench.pending[name];

  bench.loginFormShown = () => {
    const form = [...document.querySelectorAll('form')].find((candidate) => candidate.querySelector('input[type="password"]'));
    const submit = form?.querySelector('button[type="submit"]');
    return Boolean(submit && !submit.disabled);
  };

  bench.homeShown = () => Boolean(document.querySelector('[data-testid="broker-version"]')?.textContent?.trim());

  /** Remembers the current page so that routeShown() can tell when another one replaced it. */
  bench.rememberPage = () => {
    const main = document.querySelector('main');
    bench.previousPage = { content: main?.firstElementChild, title: document.title };
  };

  bench.routeShown = (pathname) => {
    const main = document.querySelector('main');
    const content = main?.firstElementChild;
    if (location.pathname !== pathname || !content || main.querySelector('[aria-busy="true"]')) return false;
    return content !== bench.previousPage?.content || document.title !== bench.previousPage?.title;
  };

  // From navigation start: the first frame showing a usable sign-in form.
  bench.arm('loginForm', 'loginFormShown');
}

/** Starts watching for a probe condition in the page (before the click that should lead to it). */
export function armInPage(page, name, probe, argument, timeoutMs = 15_000) {
  return page.evaluate(([n, p, a, t]) => window.__starlingBench.arm(n, p, a, t), [name, probe, argument, timeoutMs]);
}

/** The page time at which an armed probe condition first held; throws when it never did. */
export async function collectFromPage(page, name) {
  const outcome = await page.evaluate((n) => window.__starlingBench.collect(n), name);
  if (!outcome) throw new Error(`probe ${name} was never armed`);
  if (outcome.error) throw new Error(`${name}: ${outcome.error}`);
  return outcome.at;
}

export function pageNow(page) {
  return page.evaluate(() => performance.now());
}

export function pageProbeState(page) {
  return page.evaluate(() => {
    const bench = window.__starlingBench;
    const [navigation] = performance.getEntriesByType('navigation');
    const paint = Object.fromEntries(performance.getEntriesByType('paint').map((entry) => [entry.name, entry.startTime]));
    return {
      longTasks: bench.longTasks,
      longTasksUnsupported: bench.longTasksUnsupported ?? false,
      lastClickAt: bench.lastClickAt,
      lastSubmitAt: bench.lastSubmitAt,
      navigation: navigation && {
        responseEnd: navigation.responseEnd,
        domContentLoaded: navigation.domContentLoadedEventEnd,
        load: navigation.loadEventEnd,
      },
      firstContentfulPaint: paint['first-contentful-paint'],
    };
  });
}
