// FAQ Management's pure rule: moving one entry up or down gives the full new order the reorder call takes.
export function moved(ids: readonly string[], index: number, step: -1 | 1): string[] | null {
  const target = index + step;
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return null;
  const next = [...ids];
  [next[index], next[target]] = [next[target] as string, next[index] as string];
  return next;
}
