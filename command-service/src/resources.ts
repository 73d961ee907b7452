import { categoryResources, resources, resourceTable, systemBomConstantResource } from '@interior/contracts';
import type { FastifyInstance } from 'fastify';
import { bomFormulaCheck } from './catalogue/bom-formula';
import { bomHooks, materialHooks, planHooks, productHooks, wallDrawingHooks } from './catalogue/catalogue';
import { categoryHooks } from './catalogue/category';
import { registerCatalogueImport } from './catalogue/import';
import { registerNoticeCommands } from './catalogue/notice';
import { loadSampleCatalogue, registerSampleCommands } from './catalogue/sample';
import { ensureShippedSettings, registerOverrideCommands } from './catalogue/settings';
import type { CommandServiceDeps } from './deps';
import { type ResourceCommandHooks, registerResourceCommands } from './resource/routes';

/**
 * What each declared resource adds to the generic writes, by route name: its own rules
 * (docs/adding-a-resource.md). A resource without an entry has only the generic ones.
 */
const hooks: Readonly<Record<string, ResourceCommandHooks>> = {
  ...Object.fromEntries(categoryResources.map((resource) => [resource.name, categoryHooks(resource)])),
  product: productHooks,
  material: materialHooks,
  bom: bomHooks(bomFormulaCheck, resourceTable(systemBomConstantResource)),
  walldrawing: wallDrawingHooks,
  plan: planHooks,
};

/** The writes of every declared resource (contracts/src/resources.ts). */
export function registerResourceRoutes(app: FastifyInstance, deps: CommandServiceDeps): void {
  for (const resource of resources) registerResourceCommands(app, deps, resource, hooks[resource.name]);
  registerOverrideCommands(app, deps);
  registerNoticeCommands(app, deps);
  registerSampleCommands(app, deps, resourceHooks);
  registerCatalogueImport(app, deps, resourceHooks);
}

/** A resource's hooks (none: the generic writes only). */
export const resourceHooks = (name: string): ResourceCommandHooks => hooks[name] ?? {};

/** The shipped system values (BOM constants, design properties), created at start when missing. */
export const ensureShippedValues = (deps: CommandServiceDeps) => ensureShippedSettings(deps, resourceHooks);

/** The sample catalogue (`npm run seed -- sample`), written through the resources' commands. */
export const loadSample = (deps: CommandServiceDeps) =>
  loadSampleCatalogue(deps, resourceHooks, {
    actorId: null,
    correlationId: 'sample-catalogue',
    now: new Date(),
  });
