// Letters for list items and markers: A..Z, then AA, AB, … like spreadsheet columns.
export function letterFor(index: number): string {
  let n = index;
  let out = '';
  do {
    out = String.fromCharCode(65 + (n % 26)) + out;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return out;
}
