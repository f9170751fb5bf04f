import Papa from 'papaparse';

/**
 * Author mappings as files: git-svn's authors file (`user = Name <email>`, one per line, `#` comments) and CSV
 * (columns `remote_id`, `remote_name`, `name`, `email`; at least one of the first two). Pure: text in, entries out.
 */
export interface MappingEntry {
  /** 1-based line (authors file) or data row (CSV) in the source, for messages. */
  line: number;
  remoteId?: string;
  remoteName?: string;
  name: string;
  email: string;
}

export interface InvalidLine {
  line: number;
  text: string;
  reason: string;
}

export interface ParsedMapping {
  entries: MappingEntry[];
  invalid: InvalidLine[];
}

export interface MappingSource {
  remoteId: string;
  remoteName: string;
  name: string;
  email: string;
}

const AUTHORS_LINE = /^(.+?)\s*=\s*(.*?)\s*<([^<>]*)>\s*$/;

export function parseAuthorsFile(text: string): ParsedMapping {
  const entries: MappingEntry[] = [];
  const invalid: InvalidLine[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const match = AUTHORS_LINE.exec(trimmed);
    if (!match) {
      invalid.push({ line, text: raw, reason: 'Expected “user = Name <email>”.' });
      return;
    }
    const [, user = '', name = '', email = ''] = match;
    entries.push({ line, remoteName: user.trim(), name: name.trim(), email: email.trim() });
  });
  return { entries, invalid };
}

export function writeAuthorsFile(authors: readonly MappingSource[]): string {
  return authors.map((author) => `${author.remoteName} = ${author.name} <${author.email}>`).join('\n') + '\n';
}

const CSV_FIELDS = ['remote_id', 'remote_name', 'name', 'email'] as const;

export function writeAuthorsCsv(authors: readonly MappingSource[]): string {
  return (
    Papa.unparse({
      fields: [...CSV_FIELDS],
      data: authors.map((author) => [author.remoteId, author.remoteName, author.name, author.email]),
    }) + '\r\n'
  );
}

export function parseAuthorsCsv(text: string): ParsedMapping {
  const parsed = Papa.parse<Record<string, string | undefined>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim().toLowerCase().replace(/\s+/g, '_'),
  });
  const fields = parsed.meta.fields ?? [];
  const entries: MappingEntry[] = [];
  const invalid: InvalidLine[] = [];
  const hasKey = fields.includes('remote_id') || fields.includes('remote_name');
  if (!hasKey || !fields.includes('name') || !fields.includes('email')) {
    invalid.push({
      line: 1,
      text: fields.join(','),
      reason: 'The header needs name, email, and remote_id or remote_name.',
    });
    return { entries, invalid };
  }
  const badRows = new Set(parsed.errors.map((error) => error.row).filter((row) => row !== undefined));
  parsed.data.forEach((row, index) => {
    const line = index + 2;
    const text = CSV_FIELDS.map((field) => row[field] ?? '').join(',');
    if (badRows.has(index)) {
      invalid.push({ line, text, reason: 'This row does not have the header’s columns.' });
      return;
    }
    const remoteId = row.remote_id?.trim() || undefined;
    const remoteName = row.remote_name?.trim() || undefined;
    if (!remoteId && !remoteName) {
      invalid.push({ line, text, reason: 'No remote_id or remote_name to match an author.' });
      return;
    }
    entries.push({
      line,
      remoteId,
      remoteName,
      name: (row.name ?? '').trim(),
      email: (row.email ?? '').trim(),
    });
  });
  return { entries, invalid };
}

/** CSV when the first line looks like a CSV header; the authors file otherwise. */
export function parseMappingFile(text: string, fileName = ''): ParsedMapping & { format: 'csv' | 'authors' } {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const csv = fileName.toLowerCase().endsWith('.csv') || (/,/.test(firstLine) && /email/i.test(firstLine));
  return csv ? { ...parseAuthorsCsv(text), format: 'csv' } : { ...parseAuthorsFile(text), format: 'authors' };
}
