import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { displayValue, type AllowedValues } from '../utils/schema-labels';

const ENCODING_NOTE: Record<AllowedValues['encoding'], string> = {
  oneOf: 'labels from oneOf titles',
  anyOf: 'labels from anyOf titles',
  'x-enumLabels': 'labels from x-enumLabels',
  enumNames: 'labels from enumNames',
  enum: 'values only, no labels sent',
  const: 'a single fixed value',
  none: '',
};

/** Each allowed value with its human label, whatever encoding carried them. */
export function AllowedValuesList({ allowed, label }: { allowed: AllowedValues; label: string }) {
  if (allowed.values.length === 0) return null;
  return (
    <Box>
      <Box component="ul" aria-label={label} sx={{ m: 0, pl: 2.5 }}>
        {allowed.values.map((item) => (
          <li key={displayValue(item.value)}>
            <Box component="code" sx={{ fontWeight: 600 }}>
              {displayValue(item.value)}
            </Box>
            {item.label ? ` — ${item.label}` : null}
          </li>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {ENCODING_NOTE[allowed.encoding]}
      </Typography>
    </Box>
  );
}
