import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../src/db/client';
import { publicCollection } from '../src/content/collections';
import { parseContentQuery } from '../src/content/query-parse';
import { listItems } from '../src/content/read';
import { seededTestApp, statementsSentDuring } from './helper';

/**
 * On a small table (the demo store) a full-text search's page statement also answers whether the text
 * matches any visible row at all (read.ts: textCheck, statements.ts: compileRows' check). An empty page
 * must know that — to keep it empty, or to read the typo fallback — and asked it with a second statement.
 * The answers must be those of the same read inside a transaction, where statements go through drizzle's
 * builder and the fallback asks with its own count (search.ts: findsAnything).
 */

const t = seededTestApp();
const collection = publicCollection('items')!;

const read = (db: Database, query: string) => listItems(db, collection, parseContentQuery(query));
/** The statements of a read, but the table's size estimate (asked once per database and remembered). */
const sentDuring = async (query: string) => {
  const { result, texts } = await statementsSentDuring(t.db, () => read(t.db, query));
  return { result, texts: texts.filter((text) => !text.startsWith('explain')) };
};
const inTransaction = (query: string) => t.db.transaction((tx) => read(tx as unknown as Database, query));
const counts = (texts: string[]) => texts.filter((text) => /^select count\(/i.test(text.trim()));
const corrections = (texts: string[]) => texts.filter((text) => text.includes('from search_words'));

describe("a search's page on a small table", () => {
  it('past the last match: one statement, empty, and no typo fallback', async () => {
    const query = 'fields=id,title&search=kundan&limit=5&offset=500';
    const { result, texts } = await sentDuring(query);
    expect(result.data).toEqual([]);
    expect(texts).toHaveLength(1);
    expect(result).toEqual(await inTransaction(query));
  });

  it('whose filter leaves out every match: one statement, empty, and no typo fallback', async () => {
    const query = 'fields=id,title&search=kundan&filter[price][_lt]=1&limit=5';
    const { result, texts } = await sentDuring(query);
    expect(result.data).toEqual([]);
    expect(texts).toHaveLength(1);
    expect(corrections(texts)).toEqual([]);
    expect(result).toEqual(await inTransaction(query));
  });

  it('of a misspelt text with a filter: the fallback is read without counting the text first', async () => {
    const query = 'fields=id,title&search=kundun&filter[price][_gte]=1&limit=5';
    const { result, texts } = await sentDuring(query);
    expect(result.data.length).toBeGreaterThan(0);
    expect(result.data.every((row) => /kundan/i.test(String(row.title)))).toBe(true);
    expect(counts(texts)).toEqual([]);
    expect(corrections(texts)).toHaveLength(1);
    expect(texts).toHaveLength(3);
    expect(result).toEqual(await inTransaction(query));
  });

  it('asks its check only when the page is empty', async () => {
    /** EXPLAIN ANALYZE of the page statement of `query`, with its own parameters. */
    const analysed = async (query: string) => {
      type Client = { query: (...args: unknown[]) => Promise<{ rows: Array<Record<string, string>> }> };
      const client = (t.db as unknown as { $client: Client }).$client;
      const sent = vi.spyOn(client, 'query');
      let calls: unknown[][];
      try {
        await read(t.db, query);
        calls = [...sent.mock.calls];
      } finally {
        sent.mockRestore();
      }
      const statements = calls.map(([first, second]) =>
        typeof first === 'string' ? { text: first, params: second as unknown[] } : { text: (first as { text: string }).text, params: (first as { values: unknown[] }).values },
      );
      const page = statements.find(({ text }) => text.startsWith('select page.*'))!;
      const { rows } = await client.query(`explain (analyze, costs off, timing off, summary off) ${page.text}`, page.params);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    };
    expect(await analysed('fields=id,title&search=kundan&filter[price][_gte]=1&limit=5')).toMatch(/\(never executed\)/);
    expect(await analysed('fields=id,title&search=kundan&filter[price][_gte]=1&limit=5&offset=500')).not.toMatch(/never executed/);
  });
});
