/** Registry eligibility value lists with their labels (sources in reference/porkbun-api.md §6). */
export type Labelled = readonly (readonly [string, string])[];

export const US_NEXUS_CATEGORIES: Labelled = [
  ['C11', 'A natural person who is a United States citizen'],
  [
    'C12',
    'A natural person who is a permanent resident of the United States of America, or any of its possessions or territories',
  ],
  [
    'C21',
    'A US-based organization or company formed within one of the fifty U.S. states, the District of Columbia, or any U.S. possession or territory, or organized under the laws thereof, or a U.S. federal, state or local government entity or political subdivision',
  ],
  [
    'C31',
    'A foreign entity or organization that has a bona fide presence in the United States or its possessions/territories and regularly engages in lawful activities',
  ],
  ['C32', 'A foreign entity that has an office or other facility in the United States'],
];

export const US_APP_PURPOSES: Labelled = [
  ['P1', 'Business use for profit'],
  ['P2', 'Non-profit business, club, association, religious organization, etc.'],
  ['P3', 'Personal use'],
  ['P4', 'Educational purposes'],
  ['P5', 'Government purposes'],
];

/** CIRA legal types in CIRA's recommended display order. */
export const CA_LEGAL_TYPES: Labelled = [
  ['CCO', 'Corporation (Canada or Canadian province or territory)'],
  ['CCT', 'Canadian citizen'],
  ['RES', 'Permanent resident of Canada'],
  ['GOV', 'Government or government entity in Canada'],
  ['EDU', 'Canadian educational institution'],
  ['ASS', 'Canadian unincorporated association'],
  ['HOP', 'Canadian hospital'],
  ['PRT', 'Partnership registered in Canada'],
  ['TDM', 'Trade-mark registered in Canada (by a non-Canadian owner)'],
  ['TRD', 'Canadian trade union'],
  ['PLT', 'Canadian political party'],
  ['LAM', 'Canadian library, archive or museum'],
  ['TRS', 'Trust established in Canada'],
  ['ABO', 'Aboriginal Peoples (individuals or groups) indigenous to Canada'],
  ['INB', 'Indian Band recognized by the Indian Act of Canada'],
  ['LGR', 'Legal Representative of a Canadian Citizen or Permanent Resident'],
  ['OMK', 'Official mark registered in Canada'],
  ['MAJ', 'His Majesty the King'],
];

export const EU_ENTITY_TYPES: Labelled = [
  ['individual', 'Natural person resident in the EU/EEA, or an EU citizen living anywhere'],
  ['company', 'Undertaking established in the EU/EEA'],
  ['organisation', 'Organisation established in the EU/EEA (without prejudice to national law)'],
];

/** EU and EEA member states (ISO 3166-1 alpha-2), as EURid accepts them for citizenship. */
export const EU_EEA_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IS',
  'IT',
  'LI',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;

export const AU_ELIGIBILITY_TYPES = [
  'Company',
  'Registered Business',
  'Sole Trader',
  'Partnership',
  'Trademark Owner',
  'Citizen/Resident',
  'Incorporated Association',
  'Charity',
  'Non-profit Organisation',
] as const;

export const AU_ID_TYPES: Labelled = [
  ['ABN', 'Australian Business Number'],
  ['ACN', 'Australian Company Number'],
  ['TM', 'Australian trademark number'],
  ['OTHER', 'Other registration number (state business name, association number...)'],
];

export const UK_CONTACT_TYPES: Labelled = [
  ['IND', 'UK individual'],
  ['FIND', 'Non-UK individual'],
  ['LTD', 'UK limited company'],
  ['PLC', 'UK public limited company'],
  ['PTNR', 'UK partnership'],
  ['LLP', 'UK limited liability partnership'],
  ['STRA', 'UK sole trader'],
  ['CRC', 'UK corporation by royal charter'],
  ['GOV', 'UK government body'],
  ['SCH', 'UK school'],
  ['RCHAR', 'UK registered charity'],
  ['FCORP', 'Non-UK corporation'],
  ['OTHER', 'UK entity that does not fit any other type'],
];

export const DE_CONTACT_TYPES: Labelled = [
  ['PERSON', 'Natural person'],
  ['ORG', 'Organisation (company, association, public body)'],
  ['ROLE', 'Role or function (for example a hostmaster team)'],
];
