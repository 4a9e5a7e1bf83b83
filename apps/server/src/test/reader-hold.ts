import { readerTestHold } from '../modules/imports/reader/change-file-runner.js';

/*
 * Holding change files once their turn comes, so that a test sees the files behind them wait however fast the
 * machine reads.
 */

let releaseHeld = () => {};

/** Holds every file once its turn comes until released; `entered` resolves when the first one is held. */
export function holdReads() {
  let enter = () => {};
  let release = () => {};
  const entered = new Promise<void>((resolve) => (enter = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  readerTestHold.untilReleased = () => {
    enter();
    return released;
  };
  releaseHeld = () => release();
  return { entered, release: () => release() };
}

/** Lets held files go and holds no more: after each test, as a failed one must not leave the queue held. */
export function stopHoldingReads() {
  releaseHeld();
  readerTestHold.untilReleased = null;
}
