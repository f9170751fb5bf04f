import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { CredentialPicker } from '@/components/credential-picker';
import { KIND_LABELS, type CredentialSummary } from '@/contracts/credentials';
import { gatewayConfigQuery } from '@/lib/gateway-config';
import { moveQueries } from '../api/move-queries';

/** GEI uploads and starts with classic personal access tokens only (docs/moves.md, Tokens). */
const GEI_REFUSES =
  'GitHub Enterprise Importer refuses this kind: only a classic personal access token starts.';

/** The gateway's own default on the target (`target-credential.ts`): the first classic token, else the first. */
export function targetDefault(credentials: readonly CredentialSummary[]): string {
  return (credentials.find((credential) => credential.kind === 'classic') ?? credentials[0])?.name ?? '';
}

type CredentialField = 'sourceCredential' | 'targetCredential';

/**
 * Each side's credential, among the names the gateway lists (never typed): the source's from `/api/config`, the
 * target's from `/api/moves/target`. A side with one credential shows nothing (its only one is used). '' means
 * the gateway's default, shown as the name it stands for.
 */
export function MoveCredentialFields({
  source,
  target,
  onChange,
}: {
  source: string;
  target: string;
  onChange: (field: CredentialField, name: string) => void;
}) {
  const sources = useQuery(gatewayConfigQuery()).data?.github.credentials ?? [];
  const targets = useQuery(moveQueries.target()).data?.credentials ?? [];
  if (sources.length < 2 && targets.length < 2) return null;
  const kindOf = (name: unknown) => targets.find((credential) => credential.name === name)?.kind;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
      <CredentialPicker
        operation="migrations/start-for-org"
        label="Source credential"
        helperText="Lists, exports, locks and unlocks on the source: an owner of the organization."
        value={source || undefined}
        onChange={(name) => onChange('sourceCredential', name)}
      />
      {targets.length > 1 ? (
        <TextField
          select
          label="Target credential"
          value={target || targetDefault(targets)}
          onChange={(event) => onChange('targetCredential', event.target.value)}
          helperText="Uploads, starts and follows the imports: an owner’s or a migrator’s classic token."
          sx={{ minWidth: 260 }}
          slotProps={{
            select: {
              renderValue: (name) => {
                const kind = kindOf(name);
                return `${String(name)} — ${kind ? KIND_LABELS[kind] : ''}`;
              },
            },
          }}
        >
          {targets.map((credential) => {
            const refused = credential.kind !== 'classic';
            return (
              <MenuItem key={credential.name} value={credential.name} disabled={refused}>
                <ListItemText
                  primary={`${credential.name} — ${KIND_LABELS[credential.kind] ?? credential.kind}`}
                  secondary={refused ? GEI_REFUSES : undefined}
                  slotProps={{ secondary: { sx: { whiteSpace: 'normal' } } }}
                />
              </MenuItem>
            );
          })}
        </TextField>
      ) : null}
    </Stack>
  );
}
