// How far a streamed CSV export has come, from the bytes as they arrive: its records (a line feed outside
// quotes ends one: a quote inside a quoted field is doubled, so it toggles twice and changes nothing) and the
// share of the row total the server announced.

export interface CsvRecordCounter {
  /** Reads the next piece of the file; answers the records completed so far (the header row included). */
  add: (chunk: Uint8Array) => number;
}

const QUOTE = 0x22;
const LINE_FEED = 0x0a;

export function csvRecordCounter(): CsvRecordCounter {
  let quoted = false;
  let records = 0;
  return {
    add: (chunk) => {
      for (const byte of chunk) {
        if (byte === QUOTE) quoted = !quoted;
        else if (byte === LINE_FEED && !quoted) records++;
      }
      return records;
    },
  };
}

/** The data rows received so far: the records less the header row. */
export const dataRows = (records: number): number => Math.max(0, records - 1);

/** Percent of `total` rows received (100 for an empty export), or null while the total is unknown. */
export function percentOf(rows: number, total: number | null): number | null {
  if (total === null) return null;
  if (total === 0) return 100;
  return Math.min(100, (rows / total) * 100);
}

/**
 * The step a screen reader is told about: every quarter of the rows, so that progress is announced without
 * reading out every chunk. Null while the total is unknown.
 */
export const announcedStep = (percent: number | null): number | null =>
  percent === null ? null : Math.floor(percent / 25) * 25;
