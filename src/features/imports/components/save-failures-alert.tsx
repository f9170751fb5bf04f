import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';

/** Mappings GitHub refused, the first five with its reason; the edits themselves stay. */
export function SaveFailuresAlert({
  failures,
  nameOf,
}: {
  failures: Record<string, string>;
  nameOf: (id: number) => string | undefined;
}) {
  const count = Object.keys(failures).length;
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      <AlertTitle>
        {count} {count === 1 ? 'change was' : 'changes were'} not saved
      </AlertTitle>
      Your edits are kept. Rows marked “Save failed” say why; fix them or retry.
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {Object.entries(failures)
          .slice(0, 5)
          .map(([id, message]) => (
            <li key={id}>
              {nameOf(Number(id)) ?? id}: {message}
            </li>
          ))}
      </Box>
    </Alert>
  );
}
