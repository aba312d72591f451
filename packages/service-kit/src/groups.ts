// Group commit for hot rows (docs/decisions/0115 for the activations, 0126 for the reservations). When many
// requests write the same rows at once (a popular plan's slots, its rollup rows), each statement queues on their
// locks, holding a pooled connection while it waits. Here one statement is in flight per key at a time; the
// requests that arrive meanwhile wait in memory and go together in the next one. Alone, a request goes at once,
// so nothing waits for a timer and a quiet service sees no added latency.

interface Waiting<Item, Result> {
  item: Item;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

/**
 * Runs `work` over the items submitted while it was busy, at most `maxGroup` at a time. `work` answers one
 * result per item, in the items' order; when it throws, every item of that group fails with its error.
 */
export class GroupedWhileBusy<Item, Result> {
  private waiting: Waiting<Item, Result>[] = [];
  private running = false;

  constructor(
    private readonly work: (items: Item[]) => Promise<Result[]>,
    private readonly maxGroup: number,
    /** Called when the last group finished and nothing waits (a keyed owner forgets the idle group). */
    private readonly onIdle?: () => void,
  ) {}

  submit(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    while (this.waiting.length > 0) {
      const group = this.waiting.splice(0, this.maxGroup);
      try {
        const results = await this.work(group.map((waiting) => waiting.item));
        if (results.length !== group.length)
          throw new Error(`a group of ${group.length} answered ${results.length} results`);
        group.forEach((waiting, index) => waiting.resolve(results[index] as Result));
      } catch (error) {
        for (const waiting of group) waiting.reject(error);
      }
    }
    this.running = false;
    this.onIdle?.();
  }
}

/** One `GroupedWhileBusy` per key (a plan's id): groups of different keys run side by side. */
export class GroupedByKey<Item, Result> {
  private readonly groups = new Map<string, GroupedWhileBusy<Item, Result>>();

  constructor(
    private readonly work: (key: string, items: Item[]) => Promise<Result[]>,
    private readonly maxGroup: number,
  ) {}

  submit(key: string, item: Item): Promise<Result> {
    let group = this.groups.get(key);
    if (!group) {
      group = new GroupedWhileBusy<Item, Result>(
        (items) => this.work(key, items),
        this.maxGroup,
        () => this.groups.delete(key),
      );
      this.groups.set(key, group);
    }
    return group.submit(item);
  }
}
