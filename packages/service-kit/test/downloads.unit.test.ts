import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import { csvStream, DownloadSlots, guardFormula, keysetRows, type CsvCell } from '../src/downloads.ts';

const text = async (stream: NodeJS.ReadableStream): Promise<string> => {
  let out = '';
  for await (const chunk of stream) out += String(chunk);
  return out;
};

async function* listed(rows: CsvCell[][]): AsyncGenerator<CsvCell[]> {
  for (const row of rows) yield row;
}

/** Rows 0..total-1, counting how many were pulled and whether the generator was left (its `finally`). */
function counted(total: number) {
  const state = { pulled: 0, finished: false };
  async function* rows(): AsyncGenerator<CsvCell[]> {
    try {
      for (let i = 0; i < total; i++) {
        state.pulled++;
        yield [String(i), `row ${i}`];
      }
    } finally {
      state.finished = true;
    }
  }
  return { state, rows: rows() };
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
    ];
    const csv = await text(csvStream(['Text', 'Quote', 'Lines', 'Amount'], listed(rows), failOnError));
    expect(csv.split('\n')[0]).toBe('Text,Quote,Lines,Amount');
    expect(parse(csv, { columns: false })).toEqual([
      ['Text', 'Quote', 'Lines', 'Amount'],
      ['a, with comma', 'say "hi"', 'two\nlines', '-0.00000001'],
      [`'=HYPERLINK("x")`, '', '', '12345678901.12345678'],
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
    body.once('data', () => body.destroy());
    await closed;
    await turns(20);
    expect(state.finished).toBe(true);
    const pulled = state.pulled;
    expect(pulled).toBeLessThan(5_000);
    await turns(20);
    expect(state.pulled).toBe(pulled);
  });

  it('reports a failure of the source after the first byte', async () => {
    async function* failing(): AsyncGenerator<CsvCell[]> {
      yield ['1'];
      throw new Error('database went away');
    }
    const failure = new Promise<Error>((resolve) => {
      const body = csvStream(['A'], failing(), resolve);
      body.on('error', () => undefined).resume();
    });
    expect((await failure).message).toBe('database went away');
  });
});

describe('keysetRows', () => {
  it('reads page after page from the last key until a short page, and no further once the reader stops', async () => {
    const source = Array.from({ length: 25 }, (_, i) => ({ id: i + 1 }));
    const asked: (number | undefined)[] = [];
    const readPage = async (after: number | undefined) => {
      asked.push(after);
      return source.filter((row) => row.id > (after ?? 0)).slice(0, 10);
    };
    const all: number[] = [];
    for await (const row of keysetRows(readPage, (row) => row.id, 10)) all.push(row.id);
    expect(all).toEqual(source.map((row) => row.id));
    expect(asked).toEqual([undefined, 10, 20]);

    asked.length = 0;
    for await (const row of keysetRows(readPage, (row) => row.id, 10)) if (row.id === 3) break;
    expect(asked).toEqual([undefined]);
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
