import { configure } from '@testing-library/react';

// Waiting for the console to show something is not what these tests check: on a busy 2-core
// machine a render can take longer than Testing Library's default second (a page loaded lazily is
// compiled on its first import, which took over ten seconds with the cores busy), so findBy and
// waitFor wait up to twenty (a test still fails at once on a wrong answer, and at the end on a
// missing one).
configure({ asyncUtilTimeout: 20_000 });
