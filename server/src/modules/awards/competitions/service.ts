import { sql } from 'drizzle-orm';
import type { CompetitionCreate, CompetitionDetail, CompetitionRow, CompetitionUpdate, PrizeCreate, PrizeRow, PrizeUpdate } from '@campus/contract';
import { queryRows, type Db, type DbOrTx } from '../../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../../platform/errors.ts';
import { formatLocalTime } from '../../../platform/schoolClock.ts';
import { AWARD_PERMISSIONS, checkedPictures, checkedPicturesKeeping, intArray, pictureInfos, type Caller } from '../common.ts';
import { competitionById, pageCompetitions, pagePrizes, prizeById, type CompetitionRecord, type PrizeRecord } from './queries.ts';

const P = AWARD_PERMISSIONS.settings;
const seesAll = (caller: Caller) => caller.permissions.has(P.all);
const owns = (caller: Caller, publisherUserId: number | null) => seesAll(caller) || publisherUserId === caller.auth.userId;

function toRow(caller: Caller, record: CompetitionRecord): CompetitionRow {
  return {
    id: record.id,
    title: record.title,
    heldOn: record.heldOn,
    place: record.place,
    publisherName: record.publisherName ?? '',
    releasedAt: formatLocalTime(new Date(record.releasedAt)),
    prizeCount: record.prizeCount,
    givenCount: record.givenCount,
    mine: owns(caller, record.publisherUserId),
  };
}

function toPrizeRow(caller: Caller, record: PrizeRecord): PrizeRow {
  return {
    id: record.id,
    competitionId: record.competitionId,
    competitionTitle: record.competitionTitle,
    name: record.name,
    winnerNumber: record.winnerNumber,
    givenCount: record.givenCount,
    awardedOn: record.awardedOn,
    startsOn: record.startsOn,
    endsOn: record.endsOn,
    mine: owns(caller, record.competitionPublisherUserId),
  };
}

/** Every event is listed to staff with the page (awards are given from any of them); changing one is its publisher's. */
export async function listCompetitions(db: DbOrTx, caller: Caller, filter: { title?: string; place?: string }, page: { offset: number; limit: number }) {
  const { rows, ...counted } = await pageCompetitions(db, { title: filter.title || undefined, place: filter.place || undefined }, page);
  return { ...counted, rows: rows.map((row) => toRow(caller, row)) };
}

export async function competitionDetail(db: DbOrTx, caller: Caller, id: number): Promise<CompetitionDetail> {
  const record = await competitionById(db, id);
  if (!record) throw notFound();
  const [pictures, prizes] = await Promise.all([pictureInfos(db, record.pictures), pagePrizes(db, { competitionId: id }, { offset: 0, limit: 500 })]);
  return { ...toRow(caller, record), content: record.content, pictures, prizes: prizes.rows.map((row) => toPrizeRow(caller, row)) };
}

async function managedCompetition(db: DbOrTx, caller: Caller, id: number): Promise<CompetitionRecord> {
  const record = await competitionById(db, id, true);
  if (!record) throw notFound();
  if (!owns(caller, record.publisherUserId)) throw forbidden('awards.notYours');
  return record;
}

export async function createCompetition(db: Db, caller: Caller, input: CompetitionCreate): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const pictures = await checkedPictures(tx, caller.auth, input.pictures);
    const [row] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO competitions (title, held_on, place, content, pictures, publisher_user_id)
      VALUES (${input.title}, ${input.heldOn}, ${input.place}, ${input.content}, ${JSON.stringify(pictures)}::jsonb, ${caller.auth.userId})
      RETURNING id`);
    return { id: row!.id };
  });
}

export async function updateCompetition(db: Db, caller: Caller, input: CompetitionUpdate): Promise<void> {
  await db.transaction(async (tx) => {
    const record = await managedCompetition(tx, caller, input.id);
    const pictures = await checkedPicturesKeeping(tx, caller.auth, input.pictures, record.pictures);
    await tx.execute(sql`
      UPDATE competitions SET title = ${input.title}, held_on = ${input.heldOn}, place = ${input.place}, content = ${input.content},
             pictures = ${JSON.stringify(pictures)}::jsonb, updated_at = now()
      WHERE id = ${input.id}`);
  });
}

/** Deletes events with their awards; an event whose awards were given refuses the whole call. */
export async function deleteCompetitions(db: Db, caller: Caller, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    // The awards are locked first, so an award being given meanwhile is either counted or waits.
    await tx.execute(sql`SELECT id FROM competition_prizes WHERE competition_id = ANY(${intArray(unique)}) ORDER BY id FOR UPDATE`);
    for (const id of unique) {
      const record = await managedCompetition(tx, caller, id);
      if (record.givenCount > 0) throw conflict('awards.competitionUsed');
    }
    await tx.execute(sql`DELETE FROM competition_prizes WHERE competition_id = ANY(${intArray(unique)})`);
    await tx.execute(sql`DELETE FROM competitions WHERE id = ANY(${intArray(unique)})`);
  });
}

export async function listPrizes(db: DbOrTx, caller: Caller, filter: { competitionId?: number; name?: string }, page: { offset: number; limit: number }) {
  const { rows, ...counted } = await pagePrizes(db, { competitionId: filter.competitionId, name: filter.name || undefined }, page);
  return { ...counted, rows: rows.map((row) => toPrizeRow(caller, row)) };
}

export async function prizeDetail(db: DbOrTx, caller: Caller, id: number): Promise<PrizeRow> {
  const record = await prizeById(db, id);
  if (!record) throw notFound();
  return toPrizeRow(caller, record);
}

/** An award belongs to its event: whoever may change the event may change its awards. */
async function managedPrize(db: DbOrTx, caller: Caller, id: number): Promise<PrizeRecord> {
  const record = await prizeById(db, id, true);
  if (!record) throw notFound();
  if (!owns(caller, record.competitionPublisherUserId)) throw forbidden('awards.notYours');
  return record;
}

export async function createPrize(db: Db, caller: Caller, input: PrizeCreate): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await managedCompetition(tx, caller, input.competitionId);
    const [row] = await queryRows<{ id: number }>(tx, sql`
      INSERT INTO competition_prizes (competition_id, name, winner_number, awarded_on, starts_on, ends_on, publisher_user_id)
      VALUES (${input.competitionId}, ${input.name}, ${input.winnerNumber}, ${input.awardedOn}, ${input.startsOn}, ${input.endsOn}, ${caller.auth.userId})
      RETURNING id`);
    return { id: row!.id };
  });
}

export async function updatePrize(db: Db, caller: Caller, input: PrizeUpdate): Promise<void> {
  await db.transaction(async (tx) => {
    const record = await managedPrize(tx, caller, input.id);
    // Given awards stay given: the winner number cannot fall below them.
    if (input.winnerNumber < record.givenCount) throw badRequest('awards.winnerNumberBelowGiven', { given: record.givenCount });
    await tx.execute(sql`
      UPDATE competition_prizes SET name = ${input.name}, winner_number = ${input.winnerNumber}, awarded_on = ${input.awardedOn},
             starts_on = ${input.startsOn}, ends_on = ${input.endsOn}
      WHERE id = ${input.id}`);
  });
}

/** Deletes awards; one that was given to a student refuses the whole call (spec section 5: also not in batch). */
export async function deletePrizes(db: Db, caller: Caller, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    for (const id of unique) {
      const record = await managedPrize(tx, caller, id);
      if (record.givenCount > 0) throw conflict('awards.awardUsed');
    }
    await tx.execute(sql`DELETE FROM competition_prizes WHERE id = ANY(${intArray(unique)})`);
  });
}
