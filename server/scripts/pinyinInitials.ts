/**
 * Prints the SQL that fills `pinyin_initials` (migration 0049): the initial of every CJK unified
 * ideograph's most common reading, and where a surname is read otherwise (单 shàn, 曾 zēng, 解 xiè) its
 * initial as a surname. Run once when the table is made: `npx tsx server/scripts/pinyinInitials.ts`.
 */
import { pinyin } from 'pinyin-pro';

const byInitial = new Map<string, string[]>();
const surnames = new Map<string, string[]>();
const initialOf = (text: string, surname: boolean): string =>
  pinyin(text, { pattern: 'first', toneType: 'none', ...(surname ? { surname: 'head' as const } : {}) }).slice(0, 1);

for (let code = 0x4e00; code <= 0x9fff; code += 1) {
  const character = String.fromCodePoint(code);
  const initial = initialOf(character, false);
  if (!/^[a-z]$/.test(initial)) continue;
  byInitial.set(initial, [...(byInitial.get(initial) ?? []), character]);
  const asSurname = initialOf(character, true);
  if (/^[a-z]$/.test(asSurname) && asSurname !== initial) surnames.set(asSurname, [...(surnames.get(asSurname) ?? []), character]);
}

const lines: string[] = [];
for (const [initial, characters] of [...byInitial].sort()) {
  lines.push(`INSERT INTO "pinyin_initials" ("character", "initial") SELECT c, '${initial}' FROM regexp_split_to_table('${characters.join('')}', '') AS c ON CONFLICT DO NOTHING;--> statement-breakpoint`);
}
for (const [initial, characters] of [...surnames].sort()) {
  lines.push(`UPDATE "pinyin_initials" SET "surname_initial" = '${initial}' WHERE "character" IN (SELECT regexp_split_to_table('${characters.join('')}', ''));--> statement-breakpoint`);
}
console.log(lines.join('\n'));
