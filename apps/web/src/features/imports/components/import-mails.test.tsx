import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImportMail } from '@registry/shared';
import { ImportMails, importMailsTitle } from './import-mails';

const mail = (changes: Partial<ImportMail>): ImportMail => ({
  FullName: 'Сидоров Пётр Ильич',
  EmailAddress: 'sidorov@sro.example',
  Kind: 'processed',
  Status: 'sent',
  Attempts: 1,
  SentAt: '2026-11-26T07:05:00Z',
  NextAttemptAt: null,
  LastError: null,
  ...changes,
});

describe('ImportMails', () => {
  it('says whom each letter went to and when, and why one has not gone yet', () => {
    render(
      <ImportMails
        mails={[
          mail({}),
          mail({
            EmailAddress: 'kuznetsova@sro.example',
            FullName: 'Кузнецова Анна Юрьевна',
            Kind: 'rejected',
            Status: 'waiting',
            SentAt: null,
            NextAttemptAt: '2026-11-26T07:09:00Z',
            LastError: '451 Mailbox busy',
            Attempts: 2,
          }),
        ]}
      />,
    );
    expect(screen.getByRole('heading', { name: importMailsTitle })).toBeInTheDocument();
    expect(screen.getByText('Сидоров Пётр Ильич <sidorov@sro.example>, об обработке')).toBeInTheDocument();
    expect(screen.getByText(/^Отправлено 2026\.11\.26 10:05/)).toBeInTheDocument();
    expect(
      screen.getByText(/^Не отправлено: 451 Mailbox busy\. Следующая попытка 2026\.11\.26 10:09/),
    ).toBeInTheDocument();
  });

  it('shows nothing for an import without letters', () => {
    const { container } = render(<ImportMails mails={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
