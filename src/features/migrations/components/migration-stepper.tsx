import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { isKnownMigrationState as isKnownState, isMigrationFinished } from '@/contracts/github/migration';

/** The stepper's active step: 0 pending, 1 exporting, 2 done (exported or failed). */
function stepIndex(state: string): number {
  if (state === 'exporting') return 1;
  return isMigrationFinished(state) ? 2 : 0;
}

/** pending → exporting → exported (or failed), with the current step spelled out for screen readers. */
export function MigrationStepper({ state }: { state: string }) {
  const failed = state === 'failed';
  const active = stepIndex(state);
  const steps = ['Pending', 'Exporting', failed ? 'Failed' : 'Exported'];
  return (
    <>
      <Stepper
        activeStep={state === 'exported' ? 3 : active}
        alternativeLabel
        aria-label="Export progress"
        // MUI's inactive steps are too faint for WCAG AA (white digit on light grey, disabled-grey label).
        sx={{
          '& .MuiStepIcon-root:not(.Mui-active):not(.Mui-completed):not(.Mui-error)': {
            color: 'text.secondary',
          },
          '& .MuiStepLabel-label': { color: 'text.secondary' },
          '& .MuiStepLabel-label.Mui-active, & .MuiStepLabel-label.Mui-completed': { color: 'text.primary' },
        }}
      >
        {steps.map((label, index) => (
          <Step key={label} completed={index < active || state === 'exported'}>
            <StepLabel
              error={failed && index === 2}
              optional={
                index === active && !isKnownState(state) ? (
                  <Typography variant="caption">state “{state}”</Typography>
                ) : undefined
              }
            >
              {label}
            </StepLabel>
          </Step>
        ))}
      </Stepper>
      <Typography variant="body2" role="status" sx={{ textAlign: 'center', mt: 1 }}>
        {state === 'pending' && 'Waiting for GitHub to start the export.'}
        {state === 'exporting' && 'GitHub is building the archive.'}
        {state === 'exported' && 'Export finished.'}
        {state === 'failed' && 'The export failed.'}
        {!isKnownState(state) && `GitHub reports the state “${state}”.`}
      </Typography>
    </>
  );
}
