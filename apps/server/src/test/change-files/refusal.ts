import { ChangeFileRefusal } from '../../modules/imports/rows/change-file-messages.js';

/** The refusal an action throws; anything else it throws is rethrown, and not throwing fails the test. */
export function refusalOf(action: () => unknown): ChangeFileRefusal {
  try {
    action();
  } catch (error) {
    if (error instanceof ChangeFileRefusal) return error;
    throw error;
  }
  throw new Error('nothing was refused');
}
