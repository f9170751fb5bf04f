import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

/** GitHub retired the Source Imports API on github.com; the page says so plainly. */
export function RetirementNotice() {
  return (
    <Alert severity="info" variant="outlined" sx={{ mb: 2 }}>
      <AlertTitle>Retired on github.com since 12 April 2024</AlertTitle>
      GitHub’s Source Imports API was deprecated on 12 October 2023 and its endpoints return an error on
      github.com since 12 April 2024. These pages work against Ferry’s simulator and any server that still
      implements the API; when a live server answers with an error, it is shown as it is.
    </Alert>
  );
}
