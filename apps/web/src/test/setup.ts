import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { closeErrorDialog } from '@/lib/error-dialog';

// findBy… waits up to 1 s by default, which a busy 2-core machine can miss while MUI lays out a dialog.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // The global dialog's state outlives a rendered tree; an error left open would hide the next test's page.
  closeErrorDialog();
});
