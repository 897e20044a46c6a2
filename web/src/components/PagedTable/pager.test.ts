import { describe, expect, it } from 'vitest';
import { pageCountOf, pagerPages } from './pager.ts';

const numbers = (items: ReturnType<typeof pagerPages>) => items.filter((item) => typeof item === 'number');

describe('pager pages', () => {
  it('shows every page when there are at most pagerCount pages', () => {
    expect(pagerPages(1, 7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pagerPages(3, 5, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerPages(1, 1, 7)).toEqual([1]);
  });

  it('shows 7 page buttons in tables wherever the current page is', () => {
    for (let current = 1; current <= 30; current += 1) expect(numbers(pagerPages(current, 30, 7)), `page ${current}`).toHaveLength(7);
    expect(pagerPages(1, 20, 7)).toEqual([1, 2, 3, 4, 5, 6, 'next-more', 20]);
    expect(pagerPages(10, 20, 7)).toEqual([1, 'prev-more', 8, 9, 10, 11, 12, 'next-more', 20]);
    expect(pagerPages(20, 20, 7)).toEqual([1, 'prev-more', 15, 16, 17, 18, 19, 20]);
  });

  it('shows 5 page buttons in the picker', () => {
    for (let current = 1; current <= 12; current += 1) expect(numbers(pagerPages(current, 12, 5)), `page ${current}`).toHaveLength(5);
    expect(pagerPages(6, 12, 5)).toEqual([1, 'prev-more', 5, 6, 7, 'next-more', 12]);
  });

  it('counts pages, at least one', () => {
    expect(pageCountOf(0, 10)).toBe(1);
    expect(pageCountOf(10, 10)).toBe(1);
    expect(pageCountOf(11, 10)).toBe(2);
    expect(pageCountOf(500, 500)).toBe(1);
  });
});
