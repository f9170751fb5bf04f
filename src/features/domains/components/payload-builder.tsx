import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Form from '@rjsf/mui';
import { useMemo, useState } from 'react';
import type { JsonSchema } from '@/contracts/registrar';
import { buildCurl, createBody, domainFor } from '../utils/build-curl';
import { uiSchemaFor } from '../utils/schema-labels';
import { uncheckedPatterns } from '../utils/safe-pattern';
import { checkBody, formValidator } from '../utils/schema-validator';
import { CodeBlock } from './code-block';
import { DescribedBaseInput } from './described-base-input';
import { PlainTabs, type PlainTab } from './plain-tabs';
import { CopyButton } from './copy-button';
import { SchemaFormBoundary } from './schema-form-boundary';
import { SchemaTreeView } from './schema-tree-view';

type SchemaView = 'tree' | 'raw';

const SCHEMA_VIEWS: readonly PlainTab<SchemaView>[] = [
  { value: 'tree', label: 'Schema tree', id: 'schema-tab-tree', controls: 'schema-panel-tree' },
  { value: 'raw', label: 'Raw JSON', id: 'schema-tab-raw', controls: 'schema-panel-raw' },
];

export interface PayloadBuilderProps {
  tld: string;
  schema: JsonSchema;
  registerable: boolean;
}

/**
 * `requestSchema` three ways from one schema: a generated form that validates as the person types, a tree,
 * and the raw JSON. The result is the validated body and a dry-run `curl` with key placeholders.
 */
export function PayloadBuilder({ tld, schema, registerable }: PayloadBuilderProps) {
  const [formData, setFormData] = useState<unknown>({});
  const [name, setName] = useState('example');
  const [view, setView] = useState<SchemaView>('tree');
  const [formFailure, setFormFailure] = useState<string>();
  const uiSchema = useMemo(
    () => ({ ...uiSchemaFor(schema), 'ui:submitButtonOptions': { norender: true } }),
    [schema],
  );
  const body = createBody(formData);
  const check = checkBody(schema, body);
  const unchecked = useMemo(() => uncheckedPatterns(schema), [schema]);
  const raw = JSON.stringify(schema, null, 2);
  const domain = domainFor(name, tld);

  return (
    <Box component="section" aria-labelledby="payload-heading">
      <Typography id="payload-heading" variant="h6" component="h2" gutterBottom>
        Registration payload
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        The registrar’s <code>requestSchema</code> for the create operation, as a form, a tree and raw JSON.
      </Typography>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Typography variant="subtitle1" component="h3" gutterBottom>
            Form
          </Typography>
          <SchemaFormBoundary onFailure={setFormFailure}>
            <Form
              schema={schema}
              uiSchema={uiSchema}
              validator={formValidator}
              templates={{ BaseInputTemplate: DescribedBaseInput }}
              formData={formData}
              onChange={(event) => setFormData(event.formData)}
              liveValidate="onChange"
              showErrorList={false}
              noHtml5Validate
              idPrefix={`create-${tld.replace(/\W/g, '-')}`}
            />
          </SchemaFormBoundary>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <PlainTabs label="Schema views" tabs={SCHEMA_VIEWS} value={view} onChange={setView} />
          {formFailure ? (
            <Alert severity="info" sx={{ mt: 1 }}>
              The form could not render this schema; these views show it in full.
            </Alert>
          ) : null}
          <Box
            role="tabpanel"
            id="schema-panel-tree"
            aria-labelledby="schema-tab-tree"
            hidden={view !== 'tree'}
            sx={{ pt: 1 }}
          >
            {view === 'tree' ? <SchemaTreeView schema={schema} /> : null}
          </Box>
          <Box
            role="tabpanel"
            id="schema-panel-raw"
            aria-labelledby="schema-tab-raw"
            hidden={view !== 'raw'}
            sx={{ pt: 1 }}
          >
            {view === 'raw' ? (
              <Stack sx={{ gap: 1 }}>
                <CodeBlock text={raw} label="requestSchema as JSON" />
                <Box>
                  <CopyButton text={raw} label="Copy schema" />
                </Box>
              </Stack>
            ) : null}
          </Box>
        </Grid>
      </Grid>

      <Box component="section" aria-labelledby="result-heading" sx={{ mt: 3 }}>
        <Typography id="result-heading" variant="subtitle1" component="h3" gutterBottom>
          Result
        </Typography>
        {unchecked.length > 0 ? (
          <Alert severity="info" sx={{ mb: 1.5 }}>
            Left to the registrar: this page does not check{' '}
            {unchecked.map(({ field, pattern, problem }, index) => (
              <span key={`${field}:${pattern}`}>
                {index > 0 ? '; ' : ''}
                the pattern of {field} (
                <code>{pattern.length > 80 ? `${pattern.slice(0, 80)}…` : pattern}</code>: {problem})
              </span>
            ))}
            . Such a pattern can take minutes in a browser on some inputs; the registrar checks it when the
            body is sent.
          </Alert>
        ) : null}
        {check.schemaError ? (
          <Alert severity="warning">The schema cannot be used for validation: {check.schemaError}</Alert>
        ) : check.valid ? (
          <Stack sx={{ gap: 1.5 }}>
            <Alert severity="success" role="status">
              The body is valid against the schema.
            </Alert>
            <CodeBlock text={JSON.stringify(body, null, 2)} label="Validated JSON body" maxHeight={200} />
            <Box>
              <CopyButton text={JSON.stringify(body)} label="Copy body" />
            </Box>
            {registerable ? (
              <>
                <TextField
                  label="Domain name (without the TLD)"
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                  helperText={`The curl registers ${domain} as a dry run: nothing is ordered or charged.`}
                  size="small"
                  sx={{ maxWidth: 360 }}
                />
                <CodeBlock
                  text={buildCurl({ domain, body })}
                  label="curl command for a dry-run create"
                  maxHeight={220}
                />
                <Typography variant="body2" color="text.secondary">
                  Set <code>PORKBUN_API_KEY</code> and <code>PORKBUN_SECRET_API_KEY</code> in your shell
                  first: the command carries placeholders, never keys.
                </Typography>
                <Box>
                  <CopyButton text={buildCurl({ domain, body })} label="Copy curl" />
                </Box>
              </>
            ) : (
              <Alert severity="info">
                Website only: the registrar’s create operation would refuse .{tld}.
              </Alert>
            )}
          </Stack>
        ) : (
          <Alert severity="info" role="status">
            Not valid yet: {check.problems.length} problem{check.problems.length === 1 ? '' : 's'} (
            {check.problems.join('; ')}). Fill the form; errors show on the fields.
          </Alert>
        )}
      </Box>
    </Box>
  );
}
