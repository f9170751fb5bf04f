import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { defaultCredential, KIND_LABELS, refusalOf } from '@/contracts/credentials';
import { githubOperation, type GithubOperationId } from '@/contracts/github/operations';
import { gatewayConfigQuery } from '@/lib/gateway-config';

export interface CredentialPickerProps {
  /** The operation the choice is for: kinds GitHub refuses for it are shown, disabled, with the reason. */
  operation: GithubOperationId;
  /** The chosen name; undefined: the first credential that may (the gateway's default). */
  value: string | undefined;
  onChange: (name: string) => void;
  disabled?: boolean;
  /** Credentials GitHub itself refused for this use (learned from an earlier refusal), by name, with why. */
  refusals?: Readonly<Record<string, string>>;
  /** "Credential" unless the form has more than one side (a move's source and target). */
  label?: string;
  helperText?: string;
}

const BUDGETS =
  'A user’s tokens share one rate-limit budget; an App installation has its own. GitHub decides which kinds may do this.';

/** Which configured GitHub credential a start uses. Shown only when the gateway has more than one. */
export function CredentialPicker({
  operation,
  value,
  onChange,
  disabled,
  refusals,
  label = 'Credential',
  helperText = BUDGETS,
}: CredentialPickerProps) {
  const config = useQuery(gatewayConfigQuery());
  const credentials = config.data?.github.credentials ?? [];
  if (credentials.length < 2) return null;
  const rules = githubOperation(operation);
  const chosen = value ?? defaultCredential(credentials, rules)?.name ?? '';
  return (
    <TextField
      select
      label={label}
      value={chosen}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      helperText={helperText}
    >
      {credentials.map((credential) => {
        const refusal = refusalOf(credential.kind, rules) ?? refusals?.[credential.name];
        return (
          <MenuItem key={credential.name} value={credential.name} disabled={Boolean(refusal)}>
            <ListItemText
              primary={`${credential.name} — ${KIND_LABELS[credential.kind]}`}
              secondary={refusal}
              slotProps={{ secondary: { sx: { whiteSpace: 'normal' } } }}
            />
          </MenuItem>
        );
      })}
    </TextField>
  );
}
