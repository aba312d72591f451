import { describe, expect, it } from '@jest/globals';
import { GroupedByKey, GroupedWhileBusy } from '../src/groups.ts';

/** A piece of work whose runs are held until released, recording the groups it was given. */
function heldWork<Item>() {
  const groups: Item[][] = [];
  const releases: (() => void)[] = [];
  const work = (items: Item[]) =>
    new Promise<string[]>((resolve) => {
      groups.push(items);
      releases.push(() => resolve(items.map((item) => `done ${String(item)}`)));
    });
  const releaseNext = async () => {
    // The run that was started last is released; let the next group start before looking.
    releases.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { groups, work, releaseNext };
}

describe('GroupedWhileBusy', () => {
  it('runs a lone item at once, and the items that arrive while it runs together next, each getting its own result', async () => {
    const held = heldWork<number>();
    const grouped = new GroupedWhileBusy(held.work, 10);
    const first = grouped.submit(1);
    expect(held.groups).toEqual([[1]]);
    const later = [grouped.submit(2), grouped.submit(3), grouped.submit(4)];
    expect(held.groups).toEqual([[1]]);
    await held.releaseNext();
    expect(held.groups).toEqual([[1], [2, 3, 4]]);
    await held.releaseNext();
    await expect(first).resolves.toBe('done 1');
    await expect(Promise.all(later)).resolves.toEqual(['done 2', 'done 3', 'done 4']);
  });

  it('never puts more than the group size in one run', async () => {
    const held = heldWork<number>();
    const grouped = new GroupedWhileBusy(held.work, 2);
    const all = [1, 2, 3, 4, 5].map((item) => grouped.submit(item));
    for (let run = 0; run < 3; run++) await held.releaseNext();
    await Promise.all(all);
    expect(held.groups).toEqual([[1], [2, 3], [4, 5]]);
  });

  it('fails every item of a group whose run failed, and goes on with the next group', async () => {
    let runs = 0;
    const grouped = new GroupedWhileBusy(async (items: number[]) => {
      runs++;
      if (runs === 1) throw new Error('the database went away');
      return items.map((item) => item * 10);
    }, 10);
    const failing = grouped.submit(1);
    const next = grouped.submit(2);
    await expect(failing).rejects.toThrow('the database went away');
    await expect(next).resolves.toBe(20);
  });

  it('refuses a run that answers fewer results than items', async () => {
    const grouped = new GroupedWhileBusy(async () => [] as number[], 10);
    await expect(grouped.submit(1)).rejects.toThrow('a group of 1 answered 0 results');
  });
});

describe('GroupedByKey', () => {
  it('groups per key, running different keys side by side', async () => {
    const seen: [string, number[]][] = [];
    const releases: (() => void)[] = [];
    const grouped = new GroupedByKey(
      (key: string, items: number[]) =>
        new Promise<number[]>((resolve) => {
          seen.push([key, items]);
          releases.push(() => resolve(items));
        }),
      10,
    );
    const results = [grouped.submit('a', 1), grouped.submit('b', 2), grouped.submit('a', 3)];
    expect(seen).toEqual([
      ['a', [1]],
      ['b', [2]],
    ]);
    while (releases.length) {
      releases.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await expect(Promise.all(results)).resolves.toEqual([1, 2, 3]);
    expect(seen).toEqual([
      ['a', [1]],
      ['b', [2]],
      ['a', [3]],
    ]);
  });
});
