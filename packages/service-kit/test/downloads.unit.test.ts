import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import {
  csvStream,
  DownloadSlots,
  guardFormula,
  inPages,
  keysetPages,
  type CsvCell,
  type CsvPage,
} from '../src/downloads.ts';

const text = async (stream: NodeJS.ReadableStream): Promise<string> => {
  let out = '';
  for await (const chunk of stream) out += String(chunk);
  return out;
};

/** The rows as pages of two. */
async function* listed(rows: CsvCell[][]): AsyncGenerator<CsvPage> {
  for (let i = 0; i < rows.length; i += 2) yield rows.slice(i, i + 2);
}

/** Rows 0..total-1 in pages of 100, counting the rows pulled and whether the generator was left (its `finally`). */
function counted(total: number) {
  const state = { pulled: 0, finished: false };
  async function* pages(): AsyncGenerator<CsvPage> {
    try {
      for (let i = 0; i < total; i += 100) {
        state.pulled += 100;
        yield Array.from({ length: 100 }, (_, j) => [String(i + j), `row ${i + j}`]);
      }
    } finally {
      state.finished = true;
    }
  }
  return { state, rows: pages() };
}

/** Lets the event loop run `turns` times (I/O and timers included), without waiting on a clock. */
const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

const failOnError = (error: Error) => {
  throw error;
};

describe('guardFormula', () => {
  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ['\uFF1D1', "'\uFF1D1"],
  ])('prefixes %j', (cell, guarded) => expect(guardFormula(cell)).toBe(guarded));

  it.each(['-12.50000000', '+3', '100.00000000', '0', 'alice@example.com', 'plain text', ''])(
    'leaves %j as it is (plain decimals stay exact numbers)',
    (cell) => expect(guardFormula(cell)).toBe(cell),
  );
});

describe('csvStream', () => {
  it('writes the header row, quotes what needs it, guards formulas and leaves decimals exact', async () => {
    const rows: CsvCell[][] = [
      ['a, with comma', 'say "hi"', 'two\nlines', '-0.00000001'],
      ['=HYPERLINK("x")', null, '', '12345678901.12345678'],
      ['@SUM(1)', '+cmd', '-', '+1.5'],
    ];
    const csv = await text(csvStream(['Text', 'Quote', 'Lines', 'Amount'], listed(rows), failOnError));
    expect(csv.split('\n')[0]).toBe('Text,Quote,Lines,Amount');
    expect(parse(csv, { columns: false })).toEqual([
      ['Text', 'Quote', 'Lines', 'Amount'],
      ['a, with comma', 'say "hi"', 'two\nlines', '-0.00000001'],
      [`'=HYPERLINK("x")`, '', '', '12345678901.12345678'],
      ["'@SUM(1)", "'+cmd", "'-", '+1.5'],
    ]);
  });

  it('writes only the header row when there are no rows', async () => {
    expect(await text(csvStream(['A', 'B'], listed([]), failOnError))).toBe('A,B\n');
  });

  it('pulls rows only as fast as the reader takes them (back-pressure)', async () => {
    const total = 100_000;
    const { state, rows } = counted(total);
    let held: (() => void) | undefined;
    let received = 0;
    const reader = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        // The first chunk is held (a client that stopped reading); the rest pass once it is released.
        if (held === undefined && received === chunk.length) held = callback;
        else callback();
      },
    });
    const done = new Promise((resolve) => reader.on('finish', resolve));
    csvStream(['Id', 'Text'], rows, failOnError).pipe(reader);
    await turns(50);
    // The reader took one chunk and holds it: the source stops once the buffers between them are full.
    expect(received).toBeGreaterThan(0);
    expect(state.pulled).toBeLessThan(5_000);
    const pulledWhileStuck = state.pulled;
    await turns(50);
    expect(state.pulled).toBe(pulledWhileStuck);

    // Released, the reader gets every row.
    (held as () => void)();
    await done;
    expect(state.pulled).toBe(total);
    expect(state.finished).toBe(true);
  });

  it('stops pulling rows and leaves the source when the reader goes away (cancel)', async () => {
    const { state, rows } = counted(1_000_000);
    const body = csvStream(['Id', 'Text'], rows, failOnError);
    const closed = new Promise((resolve) => body.once('close', resolve));
    // Once rows are flowing (the header comes before the source is first asked).
    body.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('row 0')) body.destroy();
    });
    await closed;
    await turns(20);
    expect(state.finished).toBe(true);
    const pulled = state.pulled;
    expect(pulled).toBeLessThan(5_000);
    await turns(20);
    expect(state.pulled).toBe(pulled);
  });

  it('reports a failure of the source after the first byte', async () => {
    async function* failing(): AsyncGenerator<CsvPage> {
      yield [['1']];
      throw new Error('database went away');
    }
    const failure = new Promise<Error>((resolve) => {
      const body = csvStream(['A'], failing(), resolve);
      body.on('error', () => undefined).resume();
    });
    expect((await failure).message).toBe('database went away');
  });
});

describe('keysetPages', () => {
  const source = Array.from({ length: 25 }, (_, i) => ({ id: i + 1 }));
  const pages = () => {
    const asked: (number | undefined)[] = [];
    const readPage = async (after: number | undefined) => {
      asked.push(after);
      return source.filter((row) => row.id > (after ?? 0)).slice(0, 10);
    };
    return { asked, readPage };
  };

  it('reads page after page from the last key until a short page', async () => {
    const { asked, readPage } = pages();
    const all: number[][] = [];
    for await (const page of keysetPages(readPage, (row) => row.id, 10)) all.push(page.map((row) => row.id));
    expect(all.map((page) => page.length)).toEqual([10, 10, 5]);
    expect(all.flat()).toEqual(source.map((row) => row.id));
    expect(asked).toEqual([undefined, 10, 20]);
  });

  it('reads one page ahead at most, and nothing more once the reader stops', async () => {
    const { asked, readPage } = pages();
    for await (const page of keysetPages(readPage, (row) => row.id, 10)) if (page.length > 0) break;
    expect(asked).toEqual([undefined, 10]);
  });

  it('leaves no failure unhandled when the page read ahead fails after the reader stopped', async () => {
    let calls = 0;
    const readPage = async () => {
      calls += 1;
      if (calls === 2) throw new Error('connection closed');
      return source.slice(0, 10);
    };
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    for await (const page of keysetPages(readPage, (r) => r.id, 10)) if (page.length > 0) break;
    await new Promise((resolve) => setImmediate(resolve));
    process.off('unhandledRejection', onUnhandled);
    expect(calls).toBe(2);
    expect(unhandled).toEqual([]);
  });
});

describe('inPages', () => {
  it('gathers rows into pages of the size, the last one shorter', async () => {
    async function* rows() {
      for (let i = 1; i <= 5; i++) yield i;
    }
    const pages: number[][] = [];
    for await (const page of inPages(rows(), 2)) pages.push(page);
    expect(pages).toEqual([[1, 2], [3, 4], [5]]);
  });
});

describe('DownloadSlots', () => {
  it('refuses past its size with a 503 and frees a slot once, however often released', () => {
    const slots = new DownloadSlots(1);
    const busy = { message: 'Busy', code: 'EXPORT_BUSY' };
    const release = slots.take(busy);
    expect(() => slots.take(busy)).toThrow(expect.objectContaining({ status: 503, code: 'EXPORT_BUSY' }));
    release();
    release();
    const again = slots.take(busy);
    expect(() => slots.take(busy)).toThrow('Busy');
    again();
  });
});
