import { FILE_READ_LIMITS } from '../../src/shared/upload-rules';
import { sentence } from '../../src/i18n/serverMessage';

const COMMA = 44;
const QUOTE = 34;
const LF = 10;
const CR = 13;

const enum State {
  /** Before a cell's first character (leading blanks are skipped). */
  CellStart,
  Unquoted,
  Quoted,
  /** Just after a quote inside a quoted cell: a second quote, or the cell's end. */
  QuoteInQuoted,
  /** After a quoted cell's closing quote: only blanks until the comma or line end. */
  Closed,
}

/** The blanks trimmed around a cell: what String.prototype.trim removes. */
function isBlank(code: number): boolean {
  return code === 32 || code === 9 || code === 11 || code === 12 || (code > 127 && /\s/.test(String.fromCharCode(code)));
}

/**
 * A streaming CSV reader, fed text chunk by chunk, for the one dialect the upload accepts: comma
 * separated (or tab separated, for a table pasted from a spreadsheet, when asked), RFC 4180 quotes (`""` inside, newlines inside), a quote inside an unquoted cell kept
 * as text, cells trimmed, empty cells as null, blank lines skipped, \n, \r\n or \r line ends, and
 * no column count check. A hand-written loop because csv-parse, with the same options, was the
 * bound on the whole upload (~70k rows/s against ~1M here); the tests feed both the same files.
 */
export class CsvReader {
  private state = State.CellStart;
  private cells: (string | null)[] = [];
  /** The current cell's text carried over from earlier chunks, or a quoted cell's text so far. */
  private cell = '';
  private skipLf = false;
  private line = 1;
  private first = true;

  /** `separator`: the character code between cells, a comma unless a tab is asked for. */
  constructor(private readonly separator: number = COMMA) {}

  /** Reads a chunk, handing each completed record to `onRecord`. */
  push(text: string, onRecord: (cells: (string | null)[]) => void): void {
    let index = 0;
    if (this.first) {
      this.first = false;
      if (text.charCodeAt(0) === 0xfeff) index = 1;
    }
    let start = index;
    const length = text.length;
    const separator = this.separator;
    for (; index < length; index += 1) {
      const code = text.charCodeAt(index);
      if (this.skipLf) {
        this.skipLf = false;
        if (code === LF) {
          start = index + 1;
          continue;
        }
      }
      switch (this.state) {
        case State.CellStart:
          if (code === QUOTE) {
            this.state = State.Quoted;
            start = index + 1;
          } else if (code === separator) {
            this.cells.push(null);
          } else if (code === LF || code === CR) {
            this.endRecord(code, onRecord, true);
          } else if (!isBlank(code)) {
            this.state = State.Unquoted;
            start = index;
          }
          break;
        case State.Unquoted:
          if (code === separator || code === LF || code === CR) {
            const value = (this.cell + text.slice(start, index)).trim();
            this.cell = '';
            this.cells.push(value === '' ? null : value);
            this.state = State.CellStart;
            if (code !== separator) this.endRecord(code, onRecord, false);
          }
          break;
        case State.Quoted: {
          // Jump to the next quote: everything before it is the cell's text, newlines included.
          const quote = text.indexOf('"', index);
          const to = quote < 0 ? length : quote;
          this.countLines(text, index, to);
          this.cell += text.slice(start, to);
          start = to;
          index = to;
          if (quote >= 0) this.state = State.QuoteInQuoted;
          break;
        }
        case State.QuoteInQuoted:
          if (code === QUOTE) {
            this.cell += '"';
            this.state = State.Quoted;
            start = index + 1;
          } else {
            this.state = State.Closed;
            this.afterClosingQuote(code, onRecord);
          }
          break;
        case State.Closed:
          this.afterClosingQuote(code, onRecord);
          break;
      }
    }
    if (this.state === State.Unquoted) this.cell += text.slice(start, length);
    // A record or a cell carried from chunk to chunk would grow without end in a file built for it.
    const { maxColumns, maxCellChars } = FILE_READ_LIMITS;
    if (this.cells.length > maxColumns) throw new Error(`line ${this.line} has more than ${maxColumns} cells, the most a row may have.`);
    if (this.cell.length > maxCellChars) throw new Error(`a cell on line ${this.line} is longer than ${maxCellChars.toLocaleString('en')} characters.`);
  }

  /** Ends the input: the last record may lack its line end, but a quote must be closed. */
  end(onRecord: (cells: (string | null)[]) => void): void {
    if (this.state === State.Quoted) throw new Error(sentence('uploads.quoteNotClosedTheQuoted', { line: this.line }));
    if (this.state !== State.CellStart || this.cells.length > 0) this.push('\n', onRecord);
  }

  private afterClosingQuote(code: number, onRecord: (cells: (string | null)[]) => void): void {
    if (code === this.separator || code === LF || code === CR) {
      this.cells.push(this.cell === '' ? null : this.cell);
      this.cell = '';
      this.state = State.CellStart;
      if (code !== this.separator) this.endRecord(code, onRecord, false);
    } else if (!isBlank(code)) {
      throw new Error(sentence('uploads.invalidClosingQuoteFoundA', { line: this.line }));
    }
  }

  private countLines(text: string, from: number, to: number): void {
    for (let index = text.indexOf('\n', from); index >= 0 && index < to; index = text.indexOf('\n', index + 1)) this.line += 1;
  }

  private endRecord(code: number, onRecord: (cells: (string | null)[]) => void, atCellStart: boolean): void {
    if (code === CR) this.skipLf = true;
    this.line += 1;
    // A line with nothing on it but blanks is skipped (a quoted cell, even empty, was pushed already).
    if (atCellStart && this.cells.length === 0) return;
    if (atCellStart) this.cells.push(null);
    const cells = this.cells;
    this.cells = [];
    onRecord(cells);
  }
}
