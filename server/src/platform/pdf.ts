import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';

/**
 * PDFs drawn on the server (certificates, seat lists, report cards) with Noto Sans SC (OFL, from npm)
 * under the names 'regular' and 'bold'; each file embeds only the characters it uses.
 */
const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
};
// The font files are 10 MB each: read once per process (nothing another process would need).
let fonts: { regular: Buffer; bold: Buffer } | null = null;
function loadFonts(): { regular: Buffer; bold: Buffer } {
  fonts ??= { regular: readFileSync(FONT_FILES.regular), bold: readFileSync(FONT_FILES.bold) };
  return fonts;
}

export type PdfDoc = InstanceType<typeof PDFDocument>;
export type PdfOptions = ConstructorParameters<typeof PDFDocument>[0];

/** Draws a document with the CJK fonts registered and returns its bytes. */
export async function renderPdf(options: PdfOptions, draw: (doc: PdfDoc) => void | Promise<void>): Promise<Buffer> {
  const font = loadFonts();
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  doc.registerFont('regular', font.regular);
  doc.registerFont('bold', font.bold);
  doc.font('regular');
  await draw(doc);
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}
