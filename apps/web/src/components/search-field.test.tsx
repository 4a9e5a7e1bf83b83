import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DELAY_MS, SearchField } from './search-field';

const label = 'Поиск';

function renderField(term: string, onSearch: (term: string) => void) {
  const view = render(<SearchField label={label} term={term} onSearch={onSearch} />);
  const box = screen.getByRole('searchbox', { name: label });
  return {
    box,
    type: (value: string) => fireEvent.change(box, { target: { value } }),
    /** The list arrives at a term, as the URL does some time after the search was asked for. */
    arrive: (next: string) => view.rerender(<SearchField label={label} term={next} onSearch={onSearch} />),
    pause: () => act(() => vi.advanceTimersByTime(SEARCH_DELAY_MS)),
  };
}

describe('SearchField', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks for the term once the typing pauses', () => {
    const onSearch = vi.fn();
    const field = renderField('', onSearch);
    field.type('се');
    field.type('сев ');
    expect(onSearch).not.toHaveBeenCalled();
    field.pause();
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('сев');
  });

  it('keeps what was typed after a search was asked for when the list arrives at that search late', () => {
    const onSearch = vi.fn();
    const field = renderField('17-П', onSearch);
    field.type('');
    field.pause();
    expect(onSearch).toHaveBeenLastCalledWith('');
    field.type('с');
    field.arrive('');
    expect(field.box).toHaveValue('с');
    field.pause();
    expect(onSearch).toHaveBeenLastCalledWith('с');
  });

  it('shows a term set from outside and drops the search still waiting', () => {
    const onSearch = vi.fn();
    const field = renderField('север', onSearch);
    field.type('северн');
    field.arrive('');
    expect(field.box).toHaveValue('');
    field.pause();
    expect(onSearch).not.toHaveBeenCalled();
  });
});
