// The statement as PDF, written as it is drawn: pdfkit emits each page's bytes when the next page starts, and
// those bytes are handed on at once, so memory holds about one page whatever the length of the period.
import PDFDocument from 'pdfkit';
import { STATEMENT_CLOSING_ROW, STATEMENT_CSV_COLUMNS, STATEMENT_OPENING_ROW } from '@cropvest/contracts';
import type { StatementHeader, StatementLine } from '../domain/statement.ts';
import { statementRow } from './statement-csv.ts';

const MARGIN = 40;
const ROW_HEIGHT = 13;
const FONT_SIZE = 8;
/** Room kept under the table for the footer line. */
const FOOTER_SPACE = 24;

/**
 * A4 landscape leaves 762 points between the margins: enough for a full ISO time, a realised loss's label, a
 * whole id and three amounts of up to 18 characters per row.
 */
const LAYOUT: { x: number; width: number; align: 'left' | 'right' }[] = [
  { x: 40, width: 112, align: 'left' },
  { x: 156, width: 150, align: 'left' },
  { x: 310, width: 166, align: 'left' },
  { x: 480, width: 100, align: 'right' },
  { x: 588, width: 100, align: 'right' },
  { x: 700, width: 100, align: 'right' },
];
const COLUMNS = STATEMENT_CSV_COLUMNS.map((title, i) => ({ title, ...(LAYOUT[i] as (typeof LAYOUT)[0]) }));
const REFERENCE = 2;

/** The standard PDF fonts draw Windows-1252 only (no font file ships with the service); other letters show as '?'. */
const NOT_WIN_ANSI = /[^\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/gu;
const printable = (text: string): string => text.replace(NOT_WIN_ANSI, '?');

/** Whatever pdfkit has produced so far (it pushes without waiting for a reader, so it is read here instead). */
function* produced(doc: PDFKit.PDFDocument): Generator<Buffer> {
  for (let chunk = doc.read() as Buffer | null; chunk !== null; chunk = doc.read() as Buffer | null)
    yield chunk;
}

export async function* pdfChunks(
  header: StatementHeader,
  lines: AsyncIterable<StatementLine>,
): AsyncGenerator<Buffer> {
  const period = `${header.from} to ${header.to}`;
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: 'CropVest account statement', Author: 'CropVest', Subject: `Period ${period}` },
  });
  let page = 1;
  let y = MARGIN;

  const footer = () => {
    const footerY = doc.page.height - MARGIN - 10;
    doc.font('Helvetica').fontSize(7).fillColor('#555555');
    doc.text(
      `Amounts are in USDT with 8 decimals; the balance is the available balance after each movement. Statement ${period} (UTC).`,
      MARGIN,
      footerY,
      { lineBreak: false },
    );
    const number = `Page ${page}`;
    doc.text(number, doc.page.width - MARGIN - doc.widthOfString(number), footerY, { lineBreak: false });
    doc.fillColor('black');
  };

  const cells = (values: string[], font: string) => {
    doc.font(font).fontSize(FONT_SIZE);
    COLUMNS.forEach((column, i) => {
      const text = printable(values[i] ?? '');
      if (i === REFERENCE)
        // Free text (an adjustment's reason) is cut to the column with an ellipsis; the CSV has it whole.
        doc.text(text, column.x, y, { width: column.width, height: ROW_HEIGHT, ellipsis: true });
      else {
        const x = column.align === 'right' ? column.x + column.width - doc.widthOfString(text) : column.x;
        doc.text(text, x, y, { lineBreak: false });
      }
    });
    y += ROW_HEIGHT;
  };

  const tableHeader = () => {
    cells(
      COLUMNS.map((column) => column.title),
      'Helvetica-Bold',
    );
    doc
      .moveTo(MARGIN, y - 3)
      .lineTo(doc.page.width - MARGIN, y - 3)
      .lineWidth(0.5)
      .stroke();
  };

  /** Draws one row, first starting a new page when this one is full; answers whether a page was finished. */
  const row = (values: string[]): boolean => {
    let finished = false;
    if (y + ROW_HEIGHT > doc.page.height - MARGIN - FOOTER_SPACE) {
      doc.addPage();
      page++;
      y = MARGIN;
      footer();
      tableHeader();
      finished = true;
    }
    cells(values, 'Helvetica');
    return finished;
  };

  doc.font('Helvetica-Bold').fontSize(18).text('CropVest account statement', MARGIN, y, { lineBreak: false });
  y += 30;
  doc.font('Helvetica').fontSize(10);
  const holder = header.holder
    ? `${header.holder.name} <${header.holder.email}> (user ${header.userId})`
    : `User ${header.userId}`;
  for (const text of [
    `Account holder: ${holder}`,
    `Period: ${period} (calendar days in UTC, both included)`,
    `Opening balance at ${header.openingAt}: ${header.opening} USDT`,
    `Closing balance at ${header.closingAt}: ${header.closing} USDT`,
    'A realised loss (a harvest settled short) is what was due and not paid: it moves no money.',
    `Generated at ${header.generatedAt}`,
  ]) {
    doc.text(printable(text), MARGIN, y, { lineBreak: false });
    y += 15;
  }
  y += 10;
  footer();
  tableHeader();

  row([header.openingAt, STATEMENT_OPENING_ROW, '', '', header.opening, '']);
  for await (const line of lines) {
    if (row(statementRow(line))) yield* produced(doc);
  }
  row([header.closingAt, STATEMENT_CLOSING_ROW, '', '', header.closing, '']);
  doc.end();
  yield* produced(doc);
}
