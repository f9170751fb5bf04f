/**
 * Test support (unit, route and browser tests): gh gei's own reader, line for line (`github/gh-gei` src/Octoshift/Services/ReclaimService.cs, `ReclaimMannequins`
 * and `ParseLine`): lines as .NET's File.ReadLines splits them, the header compared without case, blank lines
 * skipped, each line split on every comma, three fields, each trimmed, none empty.
 */
export function readAsGhGei(text: string): { login: string; id: string; target: string }[] {
  const lines = text.split(/\r\n|\r|\n/);
  if (text.endsWith('\n')) lines.pop();
  if (lines.length === 0) return [];
  if (lines[0]?.toLowerCase() !== 'mannequin-user,mannequin-id,target-user')
    throw new Error('Invalid Header. Should be: mannequin-user,mannequin-id,target-user');
  const rows: { login: string; id: string; target: string }[] = [];
  for (const line of lines.slice(1).filter((l) => l.trim().length > 0)) {
    const components = line.split(',');
    if (components.length !== 3) throw new Error(`Invalid line: "${line}"`);
    const [login, id, target] = components.map((c) => c.trim()) as [string, string, string];
    if (!login || !id || !target) throw new Error(`Invalid line: "${line}"`);
    rows.push({ login, id, target });
  }
  return rows;
}
