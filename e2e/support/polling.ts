// "The page polls no more", shown without waiting on the wall clock: the page's clock (Playwright's page.clock,
// installed before the page loaded) is run past its polling interval, and a sentinel request sent afterwards
// shows that every read those timers started has been seen, so the count is taken at a known point.
import type { Page, Request } from '@playwright/test';

/** Where the sentinel goes: the shell's own document, harmless to read and never one of the API's paths. */
const SENTINEL_PATH = '/';

/**
 * The GET requests to `pathname` the page makes by itself while its clock runs `rounds` times past `intervalMs`.
 * Each round waits for the reads it started to be answered, so a page that still polls schedules its next read
 * within the next round; a page that polls on is therefore seen reading in every round.
 */
export async function readsWhileClockRuns(
  page: Page,
  pathname: string,
  intervalMs: number,
  rounds = 3,
): Promise<Request[]> {
  const reads: Request[] = [];
  const sentinel = `sentinel-${Date.now()}`;
  const record = (request: Request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === pathname) reads.push(request);
  };
  page.on('request', record);
  try {
    for (let round = 0; round < rounds; round++) {
      await page.clock.runFor(intervalMs + 1);
      const seen = page.waitForRequest(
        (request) => new URL(request.url()).searchParams.get('sentinel') === `${sentinel}-${round}`,
      );
      await page.evaluate(
        async ([path, mark]) => {
          await fetch(`${path}?sentinel=${mark}`);
        },
        [SENTINEL_PATH, `${sentinel}-${round}`] as const,
      );
      await seen;
      await Promise.all(reads.map((read) => read.response()));
    }
  } finally {
    page.off('request', record);
  }
  return reads;
}
