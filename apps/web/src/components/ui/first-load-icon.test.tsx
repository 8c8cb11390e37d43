import { render } from '@testing-library/react';
import { Gem as GemShapes, Search as SearchShapes, UserRound as UserRoundShapes } from 'lucide';
import { Gem, Search, UserRound } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { FirstLoadIcon } from './first-load-icon';

/**
 * The element with its attributes in a stable order, to compare two renderings; of the classes, those
 * lucide-react adds for an icon's old names (lucide-user-2 for user-round), which nothing styles, are left out, and so is focusable="false" (ours says it; it changes nothing now).
 */
function normalised(element: Element): string {
  const attributes = [...element.attributes]
    .filter((a) => a.name !== 'focusable')
    .map((a) => `${a.name}=${a.name === 'class' ? a.value.split(' ').filter((c) => !/^lucide-.*-\d+$/.test(c)).join(' ') : a.value}`)
    .sort();
  return `<${element.tagName.toLowerCase()} ${attributes.join(' ')}>${[...element.children].map(normalised).join('')}</>`;
}

describe('FirstLoadIcon', () => {
  it.each([
    ['gem', GemShapes, Gem],
    ['search', SearchShapes, Search],
    ['user-round', UserRoundShapes, UserRound],
  ] as const)('draws %s as lucide-react does, without its runtime', (name, shapes, LucideIcon) => {
    const ours = render(<FirstLoadIcon icon={shapes} name={name} className="size-5" />).container.firstElementChild!;
    const theirs = render(<LucideIcon className="size-5" />).container.firstElementChild!;
    expect(normalised(ours)).toBe(normalised(theirs));
    expect(ours.getAttribute('aria-hidden')).toBe('true');
  });

  it('is announced when it is given a label', () => {
    const { container } = render(<FirstLoadIcon icon={GemShapes} name="gem" aria-label="SSD Store" />);
    expect(container.firstElementChild!.hasAttribute('aria-hidden')).toBe(false);
    expect(container.firstElementChild!.getAttribute('aria-label')).toBe('SSD Store');
  });
});
