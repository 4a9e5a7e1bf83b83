import { getHeapStatistics } from 'node:v8';

/*
 * The highest heap the reading reached, sampled at its phases and every thousand rows. The reader runs
 * synchronously, so no timer could sample it; the worker reports the peak so that tests can show it stayed
 * under the worker's memory cap.
 */

let peakBytes = 0;

/** Notes the current heap size if it is the highest so far. */
export function trackHeap() {
  const used = getHeapStatistics().used_heap_size;
  if (used > peakBytes) peakBytes = used;
}

/** The highest heap noted since the last reset, in megabytes. */
export function heapPeakMb(): number {
  trackHeap();
  return peakBytes / 2 ** 20;
}

export function resetHeapPeak() {
  peakBytes = 0;
}
