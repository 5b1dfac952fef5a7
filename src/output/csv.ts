// RFC 4180 CSV.
export function csvCell(s: string): string {
  return /[",\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvRow(cells: readonly string[]): string {
  return cells.map(csvCell).join(",") + "\n";
}
