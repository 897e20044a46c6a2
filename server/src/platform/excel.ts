import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

/** Most rows one export writes; a larger result is cut here and the sheet says so in its last row. */
export const EXPORT_ROW_LIMIT = 50_000;

export interface ExportColumn<Row> {
  /** The header as the user reads it (already in their language). */
  header: string;
  value: (row: Row) => string | number | boolean | Date | null | undefined;
  width?: number;
}

/** Builds an .xlsx file of one sheet: a bold, frozen header row, then one row per record. */
export async function buildWorkbook<Row>(sheetName: string, columns: ExportColumn<Row>[], rows: Iterable<Row>, truncatedNote?: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  // Sheet names may not hold []:*?/\ and are at most 31 characters.
  const sheet = workbook.addWorksheet(sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column, index) => ({ header: column.header, key: String(index), width: column.width ?? Math.max(12, column.header.length * 2 + 4) }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(columns.map((column) => column.value(row) ?? ''));
  }
  if (truncatedNote) sheet.addRow([truncatedNote]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Sends a workbook as a download. The file name is given twice, ASCII for old clients and UTF-8
 * (RFC 6266/5987) for the Chinese names; the bytes go out as a stream so request encryption passes
 * them through instead of sealing them as text.
 */
export function sendWorkbook(reply: FastifyReply, fileName: string, content: Buffer): FastifyReply {
  const asciiName = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-length', content.length)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .send(Readable.from([content]));
}

/** The date part of an export file name, e.g. users-20261122.xlsx. */
export function exportFileName(base: string, now = new Date()): string {
  const stamp = `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`;
  return `${base}-${stamp}.xlsx`;
}
