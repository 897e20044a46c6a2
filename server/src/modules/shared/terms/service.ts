import { sql } from 'drizzle-orm';
import type { EvaluationTerm, Language } from '@campus/contract';
import { queryRows, type DbOrTx } from '../../../db/client.ts';
import { localName } from '../../timetable/views/queries.ts';

/** The term choice of the score and evaluation screens, shared by their areas. */

/** Every term, the newest first, and the one asked for (else the current, else the newest). */
export async function termChoice(db: DbOrTx, language: Language, termId: number | undefined): Promise<{ terms: EvaluationTerm[]; termId: number | null }> {
  const terms = await queryRows<EvaluationTerm>(db, sql`
    SELECT t.id, ${localName('t', language)} AS name, t.is_current AS "isCurrent" FROM terms t ORDER BY t.start_date DESC`);
  const chosen = termId && terms.some((term) => term.id === termId) ? termId : (terms.find((term) => term.isCurrent)?.id ?? terms[0]?.id ?? null);
  return { terms, termId: chosen };
}
