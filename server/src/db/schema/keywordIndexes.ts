import { sql } from 'drizzle-orm';
import { index, type ExtraConfigColumn } from 'drizzle-orm/pg-core';

/**
 * The two indexes of a column a list's keyword searches (platform/keyword.ts): its trigrams for keywords
 * of three characters and more, its one- and two-character pieces (`campus_grams`, migration 0010) for
 * shorter ones. `name` prefixes the index names.
 */
export function keywordIndexes(name: string, column: ExtraConfigColumn) {
  return [
    index(`${name}_trgm_idx`).using('gin', column.op('gin_trgm_ops')),
    index(`${name}_grams_idx`).using('gin', sql`campus_grams(lower(${sql.identifier(column.name)}))`),
  ];
}
