import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { formatNumber } from '@/lib/format';
import { formatBytes } from '../utils/format-bytes';
import { problemOf, stepOf, STEPS, waitsForLfs } from '../utils/import-phase';
import type { SourceImport } from '@/contracts/github/source-import';

const STEP_LABELS: Record<(typeof STEPS)[number], string> = {
  detecting: 'Detecting',
  importing: 'Importing',
  mapping: 'Mapping',
  pushing: 'Pushing',
  complete: 'Complete',
};

const LFS_LABELS = { opt_in: 'Opted in (Git LFS)', opt_out: 'Opted out (removed)', undecided: 'Undecided' };

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** The stepper, the percents of the step under way, and the facts GitHub reports. */
export function ImportProgress({ item }: { item: SourceImport }) {
  const step = stepOf(item);
  const active = STEPS.indexOf(step);
  const problem = problemOf(item.status);
  const complete = item.status === 'complete';
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
      component="section"
      aria-labelledby="progress-title"
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" id="progress-title">
          Progress
        </Typography>
        <Chip
          size="small"
          label={`Status: ${item.status}`}
          variant="outlined"
          icon={
            problem === 'error' ? (
              <ErrorOutlined color="error" />
            ) : problem ? (
              <WarningAmberOutlined color="warning" />
            ) : complete ? (
              <CheckCircleOutlined color="success" />
            ) : undefined
          }
        />
      </Stack>
      <Stepper activeStep={complete ? STEPS.length : active} alternativeLabel aria-label="Import steps">
        {STEPS.map((name, index) => {
          const failedHere = problem !== undefined && index === active;
          const note = failedHere
            ? problem === 'error'
              ? 'Failed'
              : 'Needs you'
            : index === active && waitsForLfs(item)
              ? 'Waiting for LFS choice'
              : index === active && name === 'importing' && item.importPercent !== undefined
                ? `${item.importPercent}%`
                : index === active && name === 'pushing' && item.pushPercent !== undefined
                  ? `${item.pushPercent}%`
                  : undefined;
          return (
            <Step key={name} completed={complete || index < active}>
              <StepLabel
                error={failedHere && problem === 'error'}
                optional={
                  note ? (
                    <Typography variant="caption" component="span">
                      {note}
                    </Typography>
                  ) : undefined
                }
              >
                {STEP_LABELS[name]}
              </StepLabel>
            </Step>
          );
        })}
      </Stepper>
      {item.status === 'importing' && item.importPercent !== undefined ? (
        <Box sx={{ mt: 2 }}>
          <Typography variant="body2">
            Importing{' '}
            {item.commitCount !== undefined ? `${formatNumber(item.commitCount)} commits` : 'commits'}:{' '}
            {item.importPercent}%
          </Typography>
          <LinearProgress variant="determinate" value={item.importPercent} aria-label="Import progress" />
        </Box>
      ) : null}
      {item.status === 'pushing' && item.pushPercent !== undefined ? (
        <Box sx={{ mt: 2 }}>
          <Typography variant="body2">Pushing to the repository: {item.pushPercent}%</Typography>
          <LinearProgress variant="determinate" value={item.pushPercent} aria-label="Push progress" />
        </Box>
      ) : null}
      <Typography variant="body1" sx={{ mt: 2 }} role="status" aria-live="polite">
        {item.statusText ??
          (item.status === 'detecting' ? 'Detecting the version control system…' : item.status)}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
          gap: 2,
          mt: 2,
          mb: 0,
        }}
      >
        <Fact label="Source" value={item.vcsUrl} />
        <Fact label="System" value={item.vcs ?? 'Being detected'} />
        {item.tfvcProject ? <Fact label="TFVC project" value={item.tfvcProject} /> : null}
        <Fact label="Commits" value={item.commitCount !== undefined ? formatNumber(item.commitCount) : '—'} />
        <Fact
          label="Authors"
          value={item.authorsCount !== undefined ? formatNumber(item.authorsCount) : '—'}
        />
        <Fact
          label="Large files (over 100 MB)"
          value={
            item.hasLargeFiles
              ? `${formatNumber(item.largeFilesCount)} (${formatBytes(item.largeFilesSize)})`
              : 'None found'
          }
        />
        <Fact label="Git LFS" value={LFS_LABELS[item.useLfs]} />
      </Box>
    </Paper>
  );
}
