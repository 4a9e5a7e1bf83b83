import { useCallback, useEffect, useRef } from 'react';

/** The room the page keeps above a section for the app bar: scrolled to, a section stops below it. */
export const SECTION_TOP_OFFSET = 88;

/** The DOM id of a card section, apart from any other id on the page. */
export function sectionElementId(slug: string): string {
  return `section-${slug}`;
}

/** Brings a section of the card to the top of the window. */
export function scrollToSection(slug: string) {
  document.getElementById(sectionElementId(slug))?.scrollIntoView({ block: 'start' });
}

// Scrolling by hand: a section chosen from the navigation gives way to what the reader scrolls to.
const handScrollEvents = ['wheel', 'touchmove', 'keydown'] as const;

/**
 * Follows which section of a long page is being read and reports it: the first one in the band from below
 * the app bar to the middle of the window, or the last one once the page is scrolled to its end, since a
 * short last section never gets up to the band. `pin` keeps a section chosen from the navigation reported
 * until the reader scrolls by hand: the page may be unable to bring it up to the band.
 */
export function useSectionInView(slugs: readonly string[], onInView: (slug: string) => void) {
  const latestOnInView = useRef(onInView);
  useEffect(() => {
    latestOnInView.current = onInView;
  });
  const pinned = useRef<string | null>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const key = slugs.join(' ');

  useEffect(() => {
    // Browsers all have it; jsdom has not, and there nothing scrolls anyway.
    if (typeof IntersectionObserver === 'undefined' || !key) return;
    const order = key.split(' ');
    const inBand = new Set<string>();
    let isAtEnd = false;
    const report = () => {
      if (pinned.current) return;
      const slug = isAtEnd && window.scrollY > 0 ? order.at(-1) : order.find((item) => inBand.has(item));
      if (slug) latestOnInView.current(slug);
    };

    const slugOf = new Map<Element, string>();
    const band = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const slug = slugOf.get(entry.target);
          if (!slug) continue;
          if (entry.isIntersecting) inBand.add(slug);
          else inBand.delete(slug);
        }
        report();
      },
      { rootMargin: `-${SECTION_TOP_OFFSET}px 0px -50% 0px` },
    );
    for (const slug of order) {
      const element = document.getElementById(sectionElementId(slug));
      if (!element) continue;
      slugOf.set(element, slug);
      band.observe(element);
    }
    const end = new IntersectionObserver(([entry]) => {
      isAtEnd = entry?.isIntersecting ?? false;
      report();
    });
    if (endRef.current) end.observe(endRef.current);

    const unpin = () => {
      pinned.current = null;
    };
    for (const type of handScrollEvents) window.addEventListener(type, unpin, { passive: true });
    return () => {
      band.disconnect();
      end.disconnect();
      for (const type of handScrollEvents) window.removeEventListener(type, unpin);
    };
  }, [key]);

  const pin = useCallback((slug: string) => {
    pinned.current = slug;
  }, []);
  return { endRef, pin };
}
