import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { JsonSchema } from '@/contracts/registrar';
import { policyNote, schemaFields } from '../utils/schema-labels';
import { AllowedValuesList } from './allowed-values-list';

/** `registryRequirements`: the registry's eligibility fields with their allowed values and labels. */
export function RegistryRequirements({ schema, tld }: { schema: JsonSchema | null; tld: string }) {
  const fields = schema ? schemaFields(schema) : [];
  const note = policyNote(schema);
  return (
    <Box component="section" aria-labelledby="registry-heading">
      <Typography id="registry-heading" variant="h6" component="h2" gutterBottom>
        Registry requirements
      </Typography>
      {!schema ? (
        <Typography variant="body2">The registry of .{tld} asks for no eligibility data.</Typography>
      ) : (
        <Stack sx={{ gap: 1.5 }}>
          {typeof schema.title === 'string' ? <Typography variant="body2">{schema.title}</Typography> : null}
          {note ? (
            <Alert severity="info" variant="outlined">
              <strong>Policy note:</strong> {note}
            </Alert>
          ) : null}
          {fields.map((field) => (
            <Paper
              key={field.name}
              variant="outlined"
              component="section"
              aria-label={field.title ?? field.name}
              sx={{ p: 1.5 }}
            >
              <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
                <Typography variant="subtitle2" component="h3">
                  {field.title ?? field.name}
                </Typography>
                <Box component="code" sx={{ fontSize: '0.8125rem' }}>
                  {field.name}
                </Box>
                <Chip
                  size="small"
                  label={
                    field.required
                      ? 'Required'
                      : field.requiredWhen
                        ? `Required when ${field.requiredWhen}`
                        : 'Optional'
                  }
                  color={field.required ? 'primary' : 'default'}
                  variant={field.required ? 'filled' : 'outlined'}
                />
              </Stack>
              {field.description ? <Typography variant="body2">{field.description}</Typography> : null}
              {field.pattern ? (
                <Typography variant="body2">
                  Format: <code>{field.pattern}</code>
                </Typography>
              ) : null}
              <AllowedValuesList
                allowed={field.allowed}
                label={`Allowed values for ${field.title ?? field.name}`}
              />
            </Paper>
          ))}
          <Typography variant="caption" color="text.secondary">
            These fields document eligibility; the registrar’s create operation does not accept them.
          </Typography>
        </Stack>
      )}
    </Box>
  );
}
