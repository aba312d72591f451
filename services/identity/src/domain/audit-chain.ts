// The audit log's hash chain (decision 0066): each entry's hash covers its own fields and the previous entry's
// hash, so changing, removing or reordering any entry breaks every link after it. Pure: no I/O.
import { createHash } from 'node:crypto';

/** The previous hash of the first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** The fields an entry's hash covers, exactly as stored. */
export interface ChainedFields {
  /** 1-based position in the chain (`seq`). */
  seq: number;
  id: string;
  adminId: string;
  action: string;
  targetId: string | null;
  targetType: string | null;
  details: unknown;
  ipAddress: string | null;
  source: string;
  /** UTC with microseconds, `YYYY-MM-DDTHH:MM:SS.ffffffZ` (the database's precision). */
  createdAt: string;
  prevHash: string;
}

/**
 * Canonical JSON (the RFC 8785 form for the values JSON can hold here): no whitespace, object keys sorted by
 * UTF-16 code units, strings and numbers written as ECMAScript's JSON.stringify writes them, keys whose value is
 * undefined left out (as JSON.stringify leaves them out).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError('not a JSON number');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  const record = value as Record<string, unknown>;
  const members = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
  return `{${members.join(',')}}`;
}

/** What a JSON column gives back for a value: dates become strings, undefined members go. */
export const asStoredJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value ?? {}));

/** The stored form of a time: UTC, microseconds (a JavaScript Date has milliseconds, so the last three are 0). */
export function chainTime(at: Date | string): string {
  const date = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a time: ${String(at)}`);
  return `${date.toISOString().slice(0, 23)}000Z`;
}

/** sha256, hex, over the UTF-8 bytes of the canonical JSON of the chained fields (and nothing else). */
export function entryHash(entry: ChainedFields): string {
  const fields: ChainedFields = {
    seq: entry.seq,
    id: entry.id,
    adminId: entry.adminId,
    action: entry.action,
    targetId: entry.targetId,
    targetType: entry.targetType,
    details: entry.details,
    ipAddress: entry.ipAddress,
    source: entry.source,
    createdAt: entry.createdAt,
    prevHash: entry.prevHash,
  };
  return createHash('sha256').update(canonicalJson(fields), 'utf8').digest('hex');
}

export type ChainProblem = 'sequence' | 'link' | 'content';

export interface ChainBreak {
  id: string;
  /** The position the entry claims (`seq`). */
  position: number;
  problem: ChainProblem;
  /** What the chain needed at this place, and what the entry holds. */
  expected: string;
  found: string;
}

export interface StoredEntry extends ChainedFields {
  hash: string;
}

/** Where a walk through the chain stands: the last entry that verified. */
export interface ChainCursor {
  verified: number;
  lastHash: string;
}

export const chainStart: ChainCursor = { verified: 0, lastHash: GENESIS_HASH };

/**
 * Checks the next entry against the chain so far: its position follows the last one (nothing removed or moved),
 * it carries the last entry's hash, and its own fields still give its hash. Returns the break, or null.
 */
export function checkNext(cursor: ChainCursor, entry: StoredEntry): ChainBreak | null {
  const at = { id: entry.id, position: entry.seq };
  if (entry.seq !== cursor.verified + 1)
    return {
      ...at,
      problem: 'sequence',
      expected: `position ${cursor.verified + 1}`,
      found: `position ${entry.seq}`,
    };
  if (entry.prevHash !== cursor.lastHash)
    return { ...at, problem: 'link', expected: cursor.lastHash, found: entry.prevHash };
  const recomputed = entryHash(entry);
  if (recomputed !== entry.hash)
    return { ...at, problem: 'content', expected: recomputed, found: entry.hash };
  return null;
}

export const PROBLEM_TEXT: Record<ChainProblem, string> = {
  sequence: 'an entry before it is missing or out of place',
  link: "its previous-entry hash is not the previous entry's hash",
  content: 'its fields no longer give its stored hash',
};
