import { useId, useState, type ReactNode } from 'react';
import { SHOPS } from '@ssd/shared/constants';
import { SORT_LABELS, SORT_OPTIONS, type ListingState, type SortName } from '../../lib/listing-filters';
import { Button } from '../ui/button';
import { Drawer } from '../ui/drawer';
import { useCatalogOptions } from './use-catalog-options';

export type FilterSection = 'availability' | 'catalog' | 'shops' | 'price' | 'tags' | 'sort';

export const LISTING_SECTIONS: readonly FilterSection[] = ['availability', 'catalog', 'shops', 'price', 'tags', 'sort'];
/** The search results drawer (spec 2): catalog, shop and sort. */
export const SEARCH_SECTIONS: readonly FilterSection[] = ['catalog', 'shops', 'sort'];

const INPUT =
  'w-full rounded-lg border border-maroon-200 px-3 py-2 text-sm text-ink focus:border-maroon-700 focus:outline-2 focus:outline-maroon-700';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details open className="border-b border-maroon-100 py-3 last:border-b-0">
      <summary className="cursor-pointer rounded font-semibold text-ink">{title}</summary>
      <div className="mt-3">{children}</div>
    </details>
  );
}

function toggle(list: readonly string[], value: string, on: boolean): string[] {
  const rest = list.filter((entry) => entry !== value);
  return on ? [...rest, value] : rest;
}

/**
 * The filter sidebar of spec 2 (listings) and the search drawer (sections catalog, shop, sort),
 * shared by the catalog and search features.
 * It edits a draft of the applied state; Clear resets the draft to `cleared`; Apply Filters hands
 * the draft over and closes.
 */
export function FilterSidebar({
  open,
  value,
  cleared,
  onApply,
  onClose,
  sections = LISTING_SECTIONS,
  title = 'Filters',
}: {
  open: boolean;
  value: ListingState;
  cleared: ListingState;
  onApply: (state: ListingState) => void;
  onClose: () => void;
  sections?: readonly FilterSection[];
  title?: string;
}) {
  // The draft starts from the applied state each time the sidebar opens (the form remounts).
  return (
    <Drawer
      open={open}
      title={title}
      onClose={onClose}
    >
      {open ? <FilterForm value={value} cleared={cleared} onApply={onApply} sections={sections} /> : null}
    </Drawer>
  );
}

function FilterForm({
  value,
  cleared,
  onApply,
  sections,
}: {
  value: ListingState;
  cleared: ListingState;
  onApply: (state: ListingState) => void;
  sections: readonly FilterSection[];
}) {
  const [draft, setDraft] = useState<ListingState>(value);
  // Only the catalogs of the shops ticked in the draft (on /fabrics: sarees, suits, lehengas).
  const catalogs = useCatalogOptions(draft.shops, draft.catalogs, sections.includes('catalog'));
  const id = useId();
  const has = (section: FilterSection) => sections.includes(section);
  const update = (patch: Partial<ListingState>) => setDraft((current) => ({ ...current, ...patch }));
  const catalogTitles = catalogs.titles;

  return (
    <form
      aria-label="Filters"
      onSubmit={(event) => {
        event.preventDefault();
        onApply(draft);
      }}
    >
      {has('availability') ? (
        <Section title="Availability">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={draft.inStock}
              onChange={(event) => update({ inStock: event.target.checked })}
              className="size-4 accent-maroon-700"
            />
            In Stock
          </label>
        </Section>
      ) : null}

      {has('catalog') ? (
        <Section title="Catalog">
          {catalogTitles.length === 0 ? (
            <p className="text-sm text-muted">{catalogs.isPending ? 'Loading...' : 'No data found.'}</p>
          ) : (
            <ul className="space-y-2">
              {catalogTitles.map((title) => (
                <li key={title}>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={draft.catalogs.includes(title)}
                      onChange={(event) => update({ catalogs: toggle(draft.catalogs, title, event.target.checked) })}
                      className="size-4 accent-maroon-700"
                    />
                    {title}
                  </label>
                </li>
              ))}
            </ul>
          )}
        </Section>
      ) : null}

      {has('shops') ? (
        <Section title="Shops">
          <ul className="space-y-2">
            {SHOPS.map((shop) => (
              <li key={shop.value}>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={draft.shops.includes(shop.value)}
                    onChange={(event) => update({ shops: toggle(draft.shops, shop.value, event.target.checked) })}
                    className="size-4 accent-maroon-700"
                  />
                  {shop.title}
                </label>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {has('price') ? (
        <Section title="Price">
          <div className="grid grid-cols-2 gap-3">
            <label className="text-sm">
              Min
              <input
                type="number"
                inputMode="decimal"
                min={0}
                value={draft.min}
                onChange={(event) => update({ min: event.target.value })}
                className={`mt-1 ${INPUT}`}
              />
            </label>
            <label className="text-sm">
              Max
              <input
                type="number"
                inputMode="decimal"
                min={0}
                value={draft.max}
                onChange={(event) => update({ max: event.target.value })}
                className={`mt-1 ${INPUT}`}
              />
            </label>
          </div>
        </Section>
      ) : null}

      {has('tags') ? (
        <Section title="Tags">
          <label htmlFor={`${id}-tags`} className="sr-only">
            Tags
          </label>
          <input
            id={`${id}-tags`}
            type="text"
            value={draft.tags}
            placeholder="Comma separated (e.g., silk, party)"
            aria-describedby={`${id}-tags-hint`}
            onChange={(event) => update({ tags: event.target.value })}
            className={INPUT}
          />
          <p id={`${id}-tags-hint`} className="mt-1 text-xs text-muted">
            Matches any tag entered.
          </p>
        </Section>
      ) : null}

      {has('sort') ? (
        <Section title="Sort By">
          <fieldset>
            <legend className="sr-only">Sort By</legend>
            <ul className="space-y-2">
              {SORT_OPTIONS.map((sort: SortName) => (
                <li key={sort}>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name={`${id}-sort`}
                      value={sort}
                      checked={draft.sort === sort}
                      onChange={() => update({ sort })}
                      className="size-4 accent-maroon-700"
                    />
                    {SORT_LABELS[sort]}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        </Section>
      ) : null}

      <div className="sticky bottom-0 mt-4 flex gap-3 bg-white py-3">
        <Button variant="secondary" className="flex-1" onClick={() => setDraft(cleared)}>
          Clear
        </Button>
        <Button type="submit" className="flex-1">
          Apply Filters
        </Button>
      </div>
    </form>
  );
}
