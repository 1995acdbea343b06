/**
 * Reads the first sheet of an XLSX file: its header row and up to `rows` rows, each cell as text (a
 * date cell as YYYY-MM-DD) and each row's number in the sheet (blank rows are skipped), within the bounds every uploaded file is read in; rejects with the reason
 * when the file cannot be read. The server's is the uploads' reading thread (built in app.ts), so the
 * routes below the modules (an import) read a workbook as an upload does without reaching into them.
 */
export interface SheetReader {
  readXlsx(path: string, rows: number): Promise<{ headers?: string[]; rows: (string | null)[][]; rowNumbers: number[] }>;
  close(): Promise<void>;
}
