import { z } from 'zod';
import { type DesignDocument, designDocumentSchema } from './design-document';
import type { EventsOf } from './events';
import { messages } from './messages';
import { positiveId } from './validation';

/** docs/domain.md "Designs": limits of the fields a user types. */
export const designLimits = { name: 100, description: 1000 } as const;
/** A trashed design is purged this long after it was trashed. */
export const DESIGN_TRASH_DAYS = 30;

export const designStatuses = ['Active', 'Trashed'] as const;
export type DesignStatus = (typeof designStatuses)[number];

/** Read models of designs (projections/src/designs), as the services read them. */
export const designReadModels = {
  designs: 'mydesign',
  documents: 'design_documents',
  pendingShares: 'design_pending_shares',
  log: 'design_log',
  /** How many designs each owner has in each status: the total of a list of one's own designs. */
  ownerCounts: 'design_owner_counts',
} as const;

export const DesignId = positiveId(messages.invalidDesignId);

const name = z
  .string({ error: messages.invalidValue })
  .trim()
  .min(1, { error: messages.required })
  .max(designLimits.name, { error: messages.maxLength(designLimits.name) });
const description = z
  .string({ error: messages.invalidValue })
  .trim()
  .max(designLimits.description, { error: messages.maxLength(designLimits.description) });
const optionalId = z.preprocess((v) => (v === '' ? null : v), positiveId().nullable().optional());

/** `POST /api/mydesign {name, planId?, folderId?, description?}`. */
export const CreateDesignSchema = z.object({
  name,
  description: description.optional(),
  planId: optionalId,
  folderId: optionalId,
});

/** `PUT /api/mydesign/{id}`: the fields it carries change (rename, describe, move). */
export const UpdateDesignSchema = z.object({
  name: name.optional(),
  description: description.nullable().optional(),
  folderId: optionalId,
});

/** `POST /api/mydesign/{id}/copy {name?}`. */
export const CopyDesignSchema = z.object({ name: name.optional() }).default({});

export const sharePermissions = ['Read', 'Write'] as const;
export type SharePermission = (typeof sharePermissions)[number];

/** `POST /api/design/{id}/share {email, permission}`. */
export const ShareDesignSchema = z.object({
  email: z
    .string({ error: messages.required })
    .trim()
    .max(254, { error: messages.invalidEmail })
    .pipe(z.email({ error: messages.invalidEmail })),
  permission: z.enum(sharePermissions, { error: messages.sharePermission }),
});

/** `POST /api/design/{id}/transfer {ownerId}` (Admin). */
export const TransferDesignSchema = z.object({ ownerId: positiveId(messages.invalidUserId) });

/** How many elements of each kind a save added and removed: the log's sentences say it. */
export const DocumentDeltaSchema = z.object({
  rooms: z.object({ added: z.number().int(), removed: z.number().int() }),
  walls: z.object({ added: z.number().int(), removed: z.number().int() }),
  openings: z.object({ added: z.number().int(), removed: z.number().int() }),
  items: z.object({ added: z.number().int(), removed: z.number().int() }),
  wallDrawings: z.object({ added: z.number().int(), removed: z.number().int() }),
});
export type DocumentDelta = z.infer<typeof DocumentDeltaSchema>;

const Id = z.number().int().positive();
const Created = z.object({
  id: Id,
  name: z.string(),
  description: z.string(),
  ownerId: Id,
  folderId: Id.nullable(),
  planId: Id.nullable(),
  document: designDocumentSchema,
});

/**
 * The design's stream `Design-<id>`. Every save is one `DesignDocumentChanged` carrying the whole
 * new document (at most 2 MB), so any revision is read back from one event; `revision` counts the
 * saves (0 at creation).
 */
export const DesignEventSchemas = {
  DesignCreated: Created,
  /** A design made from another: the same fields as a creation, and where it came from. */
  DesignCopied: Created.extend({ sourceId: Id }),
  DesignRenamed: z.object({ name: z.string() }),
  DesignDescribed: z.object({ description: z.string() }),
  DesignMovedToFolder: z.object({ folderId: Id.nullable() }),
  DesignDocumentChanged: z.object({
    revision: z.number().int().positive(),
    document: designDocumentSchema,
    delta: DocumentDeltaSchema,
  }),
  DesignTrashed: z.object({ at: z.string() }),
  DesignRestored: z.object({}),
  DesignPurged: z.object({ automatic: z.boolean() }),
  DesignOwnershipTransferred: z.object({ from: Id, to: Id }),
  /**
   * Shared by e-mail: `emailKey` is the keyed hash of the address (no address in clear), `email`
   * the address sealed under that key's subject for the mail; `userId` the account holding the
   * address at the time, or null (the grant attaches when the address signs up).
   */
  DesignShared: z.object({
    emailKey: z.string(),
    email: z.string(),
    permission: z.enum(sharePermissions),
    userId: Id.nullable(),
  }),
  /** A pending share reached the account that signed up with its address. */
  DesignShareAttached: z.object({ emailKey: z.string(), userId: Id, permission: z.enum(sharePermissions) }),
};
export type DesignEvent = EventsOf<typeof DesignEventSchemas>;
export type DesignEventType = DesignEvent['type'];
export const designEventTypes = Object.keys(DesignEventSchemas) as DesignEventType[];

/** A row of the `mydesign` read model as the API answers it. */
export interface DesignRecord {
  id: number;
  name: string;
  description: string;
  ownerId: number;
  ownerName: string | null;
  folderId: number | null;
  planId: number | null;
  status: DesignStatus;
  trashedAt: string | null;
  revision: number;
  area: number;
  roomCount: number;
  commentCount: number;
  shareCount: number;
  registered: string;
  registeredBy: number | null;
  updated: string | null;
  updatedBy: number | null;
  version: number;
}

/**
 * A row of the `design_documents` read model: where the design's document as last saved is, the
 * revision of the design's stream whose event holds it (every save holds the whole document).
 */
export interface DesignDocumentRecord {
  id: number;
  revision: number;
  streamRevision: number;
}

/**
 * An address as accounts keep it for lookups (trimmed, NFC, lower case): the keyed hash of this
 * form matches a share to the account that signs up with the address.
 */
export const normalizeEmailAddress = (email: string) => email.trim().normalize('NFC').toLowerCase();

/** The vault subject an address shared to is sealed under (one per hashed address). */
export const shareSubject = (emailKey: string) => `DesignShare-${emailKey}`;

const count = (n: number) => n.toLocaleString('ko-KR');
const kinds: Record<keyof DocumentDelta, string> = {
  rooms: '방',
  walls: '벽',
  openings: '문·창',
  items: '제품',
  wallDrawings: '벽 장식',
};

/** What one save changed, in words ("방 2개를 추가하고 벽 1개를 삭제"), or a plain "문서를 수정". */
export function describeDelta(delta: DocumentDelta): string {
  const parts: string[] = [];
  for (const key of Object.keys(kinds) as (keyof DocumentDelta)[]) {
    const { added, removed } = delta[key];
    if (added) parts.push(`${kinds[key]} ${count(added)}개를 추가`);
    if (removed) parts.push(`${kinds[key]} ${count(removed)}개를 삭제`);
  }
  return parts.length ? parts.join('하고 ') : '문서를 수정';
}

/**
 * What a design's event did, told more closely than its type's name where its data says: a save by
 * what it added and removed. `data` is the event's (or the design log's facts of it, which keep
 * the delta).
 */
export function designEventAction(type: string, data: unknown): string | undefined {
  if (type !== 'DesignDocumentChanged') return undefined;
  const delta = (data as { delta?: DocumentDelta } | null)?.delta;
  return delta ? describeDelta(delta) : undefined;
}

/** The difference in elements between two documents, by id. */
export function documentDelta(before: DesignDocument, after: DesignDocument): DocumentDelta {
  const diff = (a: readonly { id: string }[], b: readonly { id: string }[]) => {
    const was = new Set(a.map((e) => e.id));
    const now = new Set(b.map((e) => e.id));
    return {
      added: [...now].filter((id) => !was.has(id)).length,
      removed: [...was].filter((id) => !now.has(id)).length,
    };
  };
  return {
    rooms: diff(before.rooms, after.rooms),
    walls: diff(before.walls, after.walls),
    openings: diff(before.openings, after.openings),
    items: diff(before.items, after.items),
    wallDrawings: diff(before.wallDrawings, after.wallDrawings),
  };
}

/** Comments on a design (object type Comment): one level of replies. */
export const COMMENT_MAX = 2000;
/** Folders of designs (object type DesignFolder): at most this many levels. */
export const FOLDER_MAX_DEPTH = 5;
export const folderLimits = { name: 50 } as const;

const commentBody = z
  .string({ error: messages.required })
  .trim()
  .min(1, { error: messages.required })
  .max(COMMENT_MAX, { error: messages.maxLength(COMMENT_MAX) });

/** `POST /api/comment {designId, body, parentId?}`. */
export const CreateCommentSchema = z.object({
  designId: positiveId(messages.invalidDesignId),
  body: commentBody,
  parentId: optionalId,
});
/** `PUT /api/comment/{id} {body}` (other fields of the record are ignored). */
export const EditCommentSchema = z.object({ body: commentBody });

const folderName = z
  .string({ error: messages.required })
  .trim()
  .min(1, { error: messages.required })
  .max(folderLimits.name, { error: messages.maxLength(folderLimits.name) });
/** `POST /api/designfolder {name, parentId?}`. */
export const CreateFolderSchema = z.object({ name: folderName, parentId: optionalId });
/** `PUT /api/designfolder/{id}`: the fields it carries change. */
export const UpdateFolderSchema = z.object({ name: folderName.optional(), parentId: optionalId });

export const CommentEventSchemas = {
  CommentCreated: z.object({
    id: Id,
    designId: Id,
    parentId: Id.nullable(),
    authorId: Id,
    body: z.string(),
  }),
  CommentEdited: z.object({ body: z.string() }),
  /** The body stays in the log; the read model shows "삭제된 댓글입니다." in its place. */
  CommentDeleted: z.object({ designId: Id }),
};
export type CommentEvent = EventsOf<typeof CommentEventSchemas>;

export const DesignFolderEventSchemas = {
  DesignFolderCreated: z.object({ id: Id, ownerId: Id, name: z.string(), parentId: Id.nullable() }),
  DesignFolderRenamed: z.object({ name: z.string() }),
  DesignFolderMoved: z.object({ parentId: Id.nullable() }),
  DesignFolderDeleted: z.object({}),
};
export type DesignFolderEvent = EventsOf<typeof DesignFolderEventSchemas>;

export const commentReadModel = 'comment';
export const folderReadModel = 'designfolder';

/** Read models of the design analysis (projections/src/designs/analysis.projection.ts). */
export const designAnalysisReadModels = {
  days: 'analysis_design_days',
  designerWeeks: 'analysis_designer_weeks',
  plans: 'analysis_design_plans',
  products: 'analysis_design_products',
  estimations: 'analysis_estimations',
} as const;

/**
 * The estimate funnel's stages, in order: an estimation counts in every stage it reached.
 * Accepting a quote makes the order at once (docs/estimations.md), so "수락" and "주문" are one
 * stage; the last is the finished work.
 */
export const estimateFunnelStages = [
  { key: 'requested', label: '견적 요청' },
  { key: 'quoted', label: '견적 발행' },
  { key: 'ordered', label: '수락·주문' },
  { key: 'completed', label: '시공 완료' },
] as const;
export type EstimateFunnelStage = (typeof estimateFunnelStages)[number]['key'];

/** `GET /api/analysis/design` (Admin). Days and weeks are Korean calendar dates (UTC+9). */
export interface DesignAnalysis {
  createdPerDay: { day: string; count: number }[];
  activeDesignersPerWeek: { week: string; count: number }[];
  byPlanCategory: { category: string; count: number }[];
  topProducts: { productId: number; name: string; count: number }[];
  /** Each stage's count and its share of the stage before (percent, one decimal; null after 0). */
  estimateFunnel: { stage: EstimateFunnelStage; label: string; count: number; conversion: number | null }[];
}

/** How many of each product a document places (an item counts its quantity, 1 when absent). */
export function placedProducts(doc: DesignDocument): Map<number, number> {
  const counts = new Map<number, number>();
  for (const item of doc.items)
    counts.set(item.productId, (counts.get(item.productId) ?? 0) + (item.quantity ?? 1));
  return counts;
}
