import { z } from 'zod';
import { messages } from './messages';

/** The object types that streams, ACLs and history are named by: one name per kind of record everywhere. */
export const objectTypes = [
  'Design',
  'Material',
  'Brand',
  'Bom',
  'BomExplosion',
  'PopupBanner',
  'Model',
  'Product',
  'PropertyOverride',
  'Plan',
  'WallDrawing',
  'UserGroup',
  'User',
  'Notice',
  'Comment',
  'DesignFolder',
  'PavingCategory',
  'WallDrawingCategory',
  'ProductCategory',
  'MaterialCategory',
  'SetCategory',
  'PlanCategory',
  'Estimation',
  'Workspace',
  'BomConstant',
  'DesignProperty',
] as const;
export type ObjectType = (typeof objectTypes)[number];
export const ObjectTypeSchema = z.enum(objectTypes, { error: messages.unknownObjectType });

/** Stream names are `<ObjectType>-<id>` (docs/architecture.md); internal streams use their own prefixes. */
export const streamName = (type: string, id: string | number) => `${type}-${id}`;
