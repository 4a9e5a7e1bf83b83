import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RegistrationNumbers } from './registration-numbers';

describe('RegistrationNumbers', () => {
  it('shows each number as "SRO — number", one per line, in the given order', () => {
    render(
      <RegistrationNumbers
        numbers={[
          { Organization: { Id: 2, Name: 'СРО «Южное»' }, Number: 'Ю-8', Status: 3 },
          { Organization: { Id: 1, Name: 'СРО «Северное»' }, Number: 'С-17', Status: 2 },
        ]}
      />,
    );
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'СРО «Южное» — Ю-8',
      'СРО «Северное» — С-17',
    ]);
  });

  it('shows nothing for a trainee without internships', () => {
    const { container } = render(<RegistrationNumbers numbers={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
