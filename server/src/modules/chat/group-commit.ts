/**
 * Group commit: items submitted while a statement is on its way (or in the same turn of the event
 * loop) are written together by the next one, so a burst of messages costs one round trip and one
 * commit instead of one each. One statement at a time, in the order of submission: the order of
 * the answers (and of the ids a database hands out) is the order of the calls.
 *
 * `write` answers one result per item, in order, or throws; a batch that throws is retried one
 * item at a time, so one bad item fails alone and the others are still written.
 */
export class GroupCommit<I, O> {
  private queue: { item: I; resolve: (value: O) => void; reject: (error: unknown) => void }[] = [];
  private draining = false;

  constructor(
    private readonly write: (items: I[]) => Promise<O[]>,
    private readonly maxBatch = 200,
  ) {}

  /** Resolves once the item is written (its own result), or rejects with its own failure. */
  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.draining) return;
      this.draining = true;
      // The rest of this turn's submissions join the first batch.
      setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        try {
          const results = await this.write(batch.map((entry) => entry.item));
          batch.forEach((entry, index) => entry.resolve(results[index]!));
        } catch (error) {
          if (batch.length === 1) batch[0]!.reject(error);
          else
            for (const entry of batch)
              await this.write([entry.item]).then(([result]) => entry.resolve(result!), entry.reject);
        }
      }
    } finally {
      this.draining = false;
    }
  }
}
