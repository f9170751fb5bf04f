import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRateLimitSnapshot } from '@/hooks/use-rate-limits';
import { onLocalClock } from '@/lib/local-clock';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { migrationQueries } from '../api/migration-queries';
import { useUnlockRepos } from '../api/unlock-repo';
import { getMemory, updateMemory } from '../utils/memory-store';
import type { Migration } from '@/contracts/github/migration';
import { migrationPageHref, scopeKey, type MigrationScope } from '../utils/scope';
import { describeUnlock } from './migration-repos';

/** The migrations that locked a repository of this name (and that this browser has not seen it unlocked from). */
export function lockingMigrations(migrations: readonly Migration[], name: string, key: string): Migration[] {
  const wanted = name
    .trim()
    .toLowerCase()
    .replace(/^[^/]+\//, '');
  if (!wanted) return [];
  return migrations.filter(
    (migration) =>
      migration.lockRepositories &&
      migration.repositories.some((repo) => repo.name.toLowerCase() === wanted) &&
      !getMemory(key, migration.id).unlocked.some((other) => other.toLowerCase() === wanted),
  );
}

/** Find a locked repository by name across every migration of the scope, and unlock it: no migration id needed. */
export function FindLockedRepo({ scope }: { scope: MigrationScope }) {
  const [name, setName] = useState('');
  const [searched, setSearched] = useState<string>();
  const [message, setMessage] = useState<string>();
  const query = useQuery({ ...migrationQueries.everything(scope), enabled: searched !== undefined });
  const { clockOffsetMs } = useRateLimitSnapshot();
  const key = scopeKey(scope);
  const unlock = useUnlockRepos(scope, (id, results) => {
    updateMemory(key, id, (memory) => ({
      ...memory,
      unlocked: [...new Set([...memory.unlocked, ...results.map((result) => result.name)])],
    }));
    setMessage(describeUnlock(results));
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(undefined);
    setSearched(name.trim());
    if (searched !== undefined) void query.refetch();
  };
  const matches = query.data && searched ? lockingMigrations(query.data, searched, key) : [];
  const repoName = searched?.replace(/^[^/]+\//, '') ?? '';

  return (
    <Paper variant="outlined" component="section" aria-labelledby="find-locked-heading" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" id="find-locked-heading" gutterBottom>
        Find a locked repository
      </Typography>
      <Stack
        component="form"
        direction="row"
        onSubmit={submit}
        sx={{ gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <TextField
          size="small"
          label="Repository name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          helperText="Searches every migration here that locked its repositories."
        />
        <Button type="submit" variant="outlined" startIcon={<SearchOutlined />} disabled={!name.trim()}>
          Find
        </Button>
      </Stack>
      {query.isFetching ? <Typography role="status">Searching…</Typography> : null}
      {query.isError ? <ErrorAlert error={query.error} onRetry={() => void query.refetch()} /> : null}
      {message ? (
        <Alert severity="success" role="status" sx={{ mt: 1 }}>
          {message}
        </Alert>
      ) : null}
      {unlock.isError ? <ErrorAlert error={unlock.error} context="Unlocking failed" /> : null}
      {query.data && searched && !query.isFetching ? (
        matches.length === 0 ? (
          <Typography role="status" sx={{ mt: 1 }}>
            No migration here has {repoName} locked.
          </Typography>
        ) : (
          <List aria-label={`Migrations that locked ${repoName}`}>
            {matches.map((migration) => (
              <ListItem
                key={migration.id}
                disableGutters
                secondaryAction={
                  <Button
                    onClick={() => unlock.mutate({ id: migration.id, names: [repoName] })}
                    disabled={unlock.isPending}
                  >
                    Unlock {repoName} from #{migration.id}
                  </Button>
                }
              >
                <ListItemText
                  primary={
                    <RouterLink to={migrationPageHref(scope, migration.id)}>
                      Migration #{migration.id}
                    </RouterLink>
                  }
                  secondary={`${migration.state}, started ${new Date(onLocalClock(migration.createdAt, clockOffsetMs)).toLocaleString()}`}
                />
              </ListItem>
            ))}
          </List>
        )
      ) : null}
    </Paper>
  );
}
