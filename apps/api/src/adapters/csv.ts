// The one CSV field writer of every file that leaves the service: the back office's exports and the
// hand-over file (decisions 0113, 0203). Every field is quoted, quotes doubled. A field that a
// spreadsheet would run as a formula (starting with = + - @, tab or carriage return) gets a leading
// apostrophe, and so does a field that itself starts with one, so the escape can be undone without
// ambiguity: a reader removes exactly one leading apostrophe when there is one.

export const csvBom = '\uFEFF';

const needsEscape = /^[=+\-@\t\r']/;

export const csvField = (value: string | number | null): string => {
  const text = value === null ? '' : String(value);
  const safe = needsEscape.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
};

export const csvLine = (values: readonly (string | number | null)[]) => values.map(csvField).join(',') + '\r\n';
