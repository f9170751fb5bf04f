import { isLogin } from '@/contracts/github/names';
import ArrowForwardOutlined from '@mui/icons-material/ArrowForwardOutlined';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { LoadingState } from '@/components/loading-state';
import { PageContainer } from '@/components/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { migrationQueries } from '../api/migration-queries';
import { migrationHref } from '../paths';
import { readRecentOrgs } from '../utils/local-memory';
import { AccessAlert } from './access-alert';

/** Choose whose migrations: an organization (typed, from your memberships, or recently used) or your own. */
export function MigrationsHome() {
  const navigate = useNavigate();
  const [org, setOrg] = useState('');
  const [error, setError] = useState<string>();
  const orgs = useQuery(migrationQueries.userOrgs());
  useDocumentTitle('Migrations');
  const recent = readRecentOrgs();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = org.trim();
    if (!isLogin(name)) {
      setError('Enter an organization login: letters, digits and single hyphens, up to 39 characters.');
      return;
    }
    void navigate(migrationHref.org(name));
  };

  return (
    <PageContainer
      title="Migrations"
      subtitle="Export organizations and your own repositories as migration archives."
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper variant="outlined" component="section" aria-labelledby="org-heading" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" id="org-heading" gutterBottom>
              Organization migrations
            </Typography>
            <Stack
              component="form"
              direction="row"
              onSubmit={submit}
              noValidate
              sx={{ gap: 1, alignItems: 'flex-start' }}
            >
              <TextField
                size="small"
                label="Organization"
                value={org}
                onChange={(event) => {
                  setOrg(event.target.value);
                  setError(undefined);
                }}
                error={Boolean(error)}
                helperText={error ?? 'Only organization owners can export.'}
              />
              <Button type="submit" variant="contained" endIcon={<ArrowForwardOutlined />}>
                Open
              </Button>
            </Stack>
            {recent.length > 0 ? (
              <>
                <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
                  Recently used
                </Typography>
                <List dense aria-label="Recently used organizations">
                  {recent.map((name) => (
                    <ListItem key={name} disableGutters>
                      <Link component={RouterLink} to={migrationHref.org(name)}>
                        {name}
                      </Link>
                    </ListItem>
                  ))}
                </List>
              </>
            ) : null}
            <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
              Your organizations
            </Typography>
            {orgs.data ? (
              orgs.data.length === 0 ? (
                <Typography color="text.secondary">You belong to no organization.</Typography>
              ) : (
                <List dense aria-label="Your organizations">
                  {orgs.data.map((item) => (
                    <ListItem key={item.login} disableGutters>
                      <Link component={RouterLink} to={migrationHref.org(item.login)}>
                        {item.login}
                      </Link>
                      {item.description ? (
                        <Typography variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                          {item.description}
                        </Typography>
                      ) : null}
                    </ListItem>
                  ))}
                </List>
              )
            ) : orgs.isError ? (
              <AccessAlert error={orgs.error} scope={{ kind: 'user' }} onRetry={() => void orgs.refetch()} />
            ) : (
              <LoadingState label="Loading your organizations" query={orgs} />
            )}
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Paper variant="outlined" component="section" aria-labelledby="user-heading" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" id="user-heading" gutterBottom>
              Your migrations
            </Typography>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              Export the repositories your own account owns.
            </Typography>
            <Button component={RouterLink} to={migrationHref.user()} variant="outlined">
              Open your migrations
            </Button>
          </Paper>
        </Grid>
      </Grid>
    </PageContainer>
  );
}
