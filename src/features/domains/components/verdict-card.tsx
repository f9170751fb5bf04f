import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import LanguageOutlined from '@mui/icons-material/LanguageOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { RegistrationRequirements } from '@/contracts/registrar';
import { factsOf } from '../utils/facts';

export function VerdictCard({
  requirements,
  unicode,
}: {
  requirements: RegistrationRequirements;
  unicode?: string;
}) {
  const name = `.${requirements.tld}${unicode ? ` (${unicode})` : ''}`;
  return (
    <Box component="section" aria-labelledby="verdict-heading">
      <Alert
        severity={requirements.apiRegisterable ? 'success' : 'warning'}
        icon={requirements.apiRegisterable ? <CheckCircleOutlined /> : <LanguageOutlined />}
        variant="outlined"
      >
        <AlertTitle id="verdict-heading" component="h2" sx={{ fontSize: '1.125rem', m: 0 }}>
          {requirements.apiRegisterable ? 'Can be registered through the API' : 'Website only'}
        </AlertTitle>
        <Typography variant="body2">
          {requirements.apiRegisterable
            ? `${name} can be registered with the registrar’s create operation, for exactly the fixed term below.`
            : (requirements.notApiRegisterableReason ??
              `${name} cannot be registered through the API; register it on the registrar’s website.`)}
        </Typography>
      </Alert>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
          columnGap: 3,
          rowGap: 0.5,
          mt: 2,
          mb: 0,
          '& dt': { fontWeight: 600 },
          '& dd': { m: 0 },
        }}
      >
        {factsOf(requirements).map((fact) => (
          <Box key={fact.label} sx={{ display: 'contents' }}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
