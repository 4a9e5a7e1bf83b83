import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { closeErrorDialog } from '@/lib/error-dialog';

afterEach(() => {
  cleanup();
  // The global dialog's state outlives a rendered tree; an error left open would hide the next test's page.
  closeErrorDialog();
});
