import type { RegistrarRoutes } from '../app';

/** `domain/getRegistrationRequirements/{tld}`. */
export const registerRequirementRoutes: RegistrarRoutes = () => {};
