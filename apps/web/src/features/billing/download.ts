/** Saves text as a file through a temporary object URL (no server round trip, nothing left behind). */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  // The BOM makes spreadsheet programs read the file as UTF-8 (names with accents stay intact).
  const blob = new Blob(['\uFEFF', text], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
