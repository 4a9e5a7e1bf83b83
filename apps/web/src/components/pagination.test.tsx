import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render';
import { Pagination, pageWindow } from './pagination';

describe('pageWindow', () => {
  it('links every page when there are 10 or fewer', () => {
    expect(pageWindow(0, 3)).toEqual([0, 1, 2]);
    expect(pageWindow(9, 10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('links 10 pages around the current one, kept within the list', () => {
    expect(pageWindow(0, 50)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageWindow(20, 50)).toEqual([15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
    expect(pageWindow(49, 50)).toEqual([40, 41, 42, 43, 44, 45, 46, 47, 48, 49]);
  });
});

const hrefFor = (page: number) => `/list?page=${page + 1}`;

describe('Pagination', () => {
  it('is not shown for a single page', () => {
    renderRoute('/list', '/list', <Pagination page={0} totalPages={1} hrefFor={hrefFor} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('links at most 10 pages, marks the current one and steps to its neighbours', () => {
    renderRoute('/list', '/list', <Pagination page={20} totalPages={50} hrefFor={hrefFor} />);
    const nav = screen.getByRole('navigation', { name: 'Страницы' });
    const pages = Array.from(nav.querySelectorAll('a')).filter((link) =>
      link.getAttribute('aria-label')?.startsWith('Страница'),
    );
    expect(pages.map((link) => link.textContent)).toEqual([
      '16',
      '17',
      '18',
      '19',
      '20',
      '21',
      '22',
      '23',
      '24',
      '25',
    ]);
    expect(screen.getByRole('link', { name: 'Страница 21' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Страница 21' })).toHaveAttribute('href', '/list?page=21');
    expect(screen.getByRole('link', { name: 'Предыдущая страница' })).toHaveAttribute(
      'href',
      '/list?page=20',
    );
    expect(screen.getByRole('link', { name: 'Следующая страница' })).toHaveAttribute('href', '/list?page=22');
  });
});
