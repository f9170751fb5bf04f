import type { Hono } from 'hono';
import type { TargetWorld } from '../world';
import { registerCollaboratorRoutes } from './collaborators';
import { registerDeployKeyRoutes } from './deploy-keys';
import { registerEnvironmentRoutes } from './environments';
import { registerHookRoutes } from './hooks';
import { registerSecretRoutes } from './secrets';
import { registerTeamRoutes } from './teams';
import { registerVariableRoutes } from './variables';

/** The REST a move settles a repository with after its import (issue 50; docs/target-world.md). */
export function registerSettlingRoutes(app: Hono, world: TargetWorld): void {
  registerTeamRoutes(app, world);
  registerCollaboratorRoutes(app, world);
  registerVariableRoutes(app, world);
  registerDeployKeyRoutes(app, world);
  registerHookRoutes(app, world);
  registerSecretRoutes(app, world);
  registerEnvironmentRoutes(app, world);
}
