// RFC 4180 CSV, small and strict enough for word lists: quoted cells may hold commas, quotes ("") and line breaks;
// records carry the 1-based line they start on, for reports. Writing quotes only the cells that need it.

export interface CsvRecord {
  line: number;
  cells: string[];
}

export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let sawAnything = false;
  const endRecord = () => {
    cells.push(cell);
    if (sawAnything) records.push({ line: recordLine, cells });
    cells = [];
    cell = "";
    sawAnything = false;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === "\n") line++;
        cell += c;
      }
      continue;
    }
    if (c === '"' && cell.trim() === "") {
      quoted = true;
      cell = "";
      sawAnything = true;
    } else if (c === ",") {
      cells.push(cell);
      cell = "";
      sawAnything = true;
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      cell += c;
      if (c.trim() !== "") sawAnything = true;
    }
  }
  endRecord();
  return records;
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value;
}

export function csvLine(cells: readonly string[]): string {
  return cells.map(csvCell).join(",");
}
