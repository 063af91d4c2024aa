import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { maxListRowsRule } from './list-rows.ts';

const schema = buildSchema(`
  type Query { teams(limit: Int): [Team!]! team: Team }
  type Team { name: String! members(limit: Int): [Member!]! recent(limit: Int = 20): [Member!]! }
  type Member { name: String! }
`);

/** The rows the rule counts for a document (it reports only over the maximum, so the maximum is 0). */
function rowsOf(source: string) {
  const counted: number[] = [];
  const rule = maxListRowsRule({ maxRows: 0, pageMax: 100, onReject: (_, rows) => counted.push(rows) });
  validate(schema, parse(source), [rule]);
  return counted[0] ?? 0;
}

describe('maxListRowsRule', () => {
  it("counts a literal limit, the schema's default for a missing one, and the page maximum for a variable, a missing one without default or one above it", () => {
    expect(rowsOf('{ team { recent { name } } }')).toBe(20);
    expect(rowsOf('{ team { recent(limit: 3) { name } } }')).toBe(3);
    expect(rowsOf('{ teams(limit: 7) { name } }')).toBe(7);
    expect(rowsOf('query ($n: Int) { teams(limit: $n) { name } }')).toBe(100);
    expect(rowsOf('{ teams { name } }')).toBe(100);
    expect(rowsOf('{ teams(limit: 5000) { name } }')).toBe(100);
    expect(rowsOf('{ a: teams(limit: -50) { name } b: teams(limit: 3) { name } }')).toBe(3);
  });

  it('multiplies nested limited lists, adds aliased ones, and counts unlimited fields as one', () => {
    expect(rowsOf('{ teams(limit: 10) { members(limit: 5) { name } } }')).toBe(10 + 10 * 5);
    expect(rowsOf('{ a: teams(limit: 2) { name } b: teams(limit: 3) { name } }')).toBe(5);
    expect(rowsOf('{ team { members(limit: 4) { name } } }')).toBe(4);
  });

  it('follows fragments and inline fragments, each fragment walked once', () => {
    expect(rowsOf('{ teams(limit: 2) { ...M ... on Team { again: members(limit: 1) { name } } } } fragment M on Team { members(limit: 3) { name } }')).toBe(2 + 2 * (3 + 1));
    const doubling = Array.from({ length: 40 }, (_, i) => `fragment F${i} on Team { ...F${i + 1} ...F${i + 1} }`).join('\n');
    expect(rowsOf(`{ team { ...F0 } } ${doubling} fragment F40 on Team { members(limit: 1) { name } }`)).toBe(2 ** 40);
  });

  it('stops at a fragment cycle (graphql-js reports it)', () => {
    expect(rowsOf('{ team { ...A } } fragment A on Team { members(limit: 2) { name } ...B } fragment B on Team { ...A }')).toBe(2);
  });
});
