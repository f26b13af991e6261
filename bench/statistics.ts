/** The middle value; of an even number of values, the mean of the two in the middle. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The subjects in the order of round `round` (from 1): as listed in odd rounds, reversed in even ones. The
 * machine's speed drifts within a round; going back and forth, a subject measured just after its baseline
 * in one round is measured just before it in the next, so a steady drift favours each side of a ratio in
 * turn and the median of the rounds' ratios leaves it out.
 */
export function inRoundOrder<T>(subjects: readonly T[], round: number): T[] {
  return round % 2 === 1 ? [...subjects] : [...subjects].reverse();
}
