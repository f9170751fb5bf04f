import type { RegistrationRequirements } from '@/contracts/registrar';

const years = (count: number) => `${count} year${count === 1 ? '' : 's'}`;

/** The facts of a TLD as label/value pairs, in the order the page (and the compare table) shows them. */
export function factsOf(requirements: RegistrationRequirements): { label: string; value: string }[] {
  return [
    { label: 'Registration term (fixed)', value: years(requirements.registrationDurationYears) },
    {
      label: 'Maximum term',
      value:
        requirements.maxRegistrationYears === null
          ? 'Not stated by the registrar'
          : years(requirements.maxRegistrationYears),
    },
    { label: 'WHOIS privacy', value: requirements.whoisPrivacySupported ? 'Supported' : 'Not supported' },
    {
      label: 'Validated address',
      value: requirements.requiresValidatedAddress ? 'Required' : 'Not required',
    },
    {
      label: 'Contacts',
      value: requirements.registrantOnly ? 'Registrant only' : 'Registrant, admin, tech and billing',
    },
  ];
}
