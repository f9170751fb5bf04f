import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { JsonSchema } from '@/contracts/registrar';
import { displayValue } from '../utils/schema-labels';
import { schemaTree, type SchemaNode } from '../utils/schema-tree';

const MAX_VALUES = 8;

function NodeLine({ node }: { node: SchemaNode }) {
  const values = node.values.slice(0, MAX_VALUES).map((item) => displayValue(item.value));
  return (
    <li>
      <Box component="code" sx={{ fontWeight: 600 }}>
        {node.name}
      </Box>{' '}
      <Typography component="span" variant="body2" color="text.secondary">
        {node.types.length > 0 ? node.types.join(' | ') : 'any'}
      </Typography>
      {node.required ? (
        <Typography component="span" variant="body2" sx={{ fontWeight: 600, ml: 0.5 }}>
          (required)
        </Typography>
      ) : null}
      {values.length > 0 ? (
        <Typography component="span" variant="body2">
          {' '}
          one of {values.join(', ')}
          {node.values.length > MAX_VALUES ? ` and ${node.values.length - MAX_VALUES} more` : ''}
        </Typography>
      ) : null}
      {node.constraints.length > 0 ? (
        <Typography component="span" variant="body2" color="text.secondary">
          {' '}
          · {node.constraints.join(' · ')}
        </Typography>
      ) : null}
      {node.description ? (
        <Typography variant="body2" color="text.secondary" sx={{ display: 'block' }}>
          {node.description}
        </Typography>
      ) : null}
      {node.children.length > 0 ? (
        <Box component="ul" sx={{ pl: 2.5, my: 0.5 }}>
          {node.children.map((child) => (
            <NodeLine key={child.path} node={child} />
          ))}
        </Box>
      ) : null}
    </li>
  );
}

/** The schema as a tree: every property with its type, required mark, allowed values and constraints. */
export function SchemaTreeView({ schema }: { schema: JsonSchema }) {
  return (
    <Box component="ul" aria-label="Schema tree" sx={{ m: 0, pl: 2.5 }}>
      <NodeLine node={schemaTree(schema)} />
    </Box>
  );
}
