import { z } from 'zod';
import { estimateBoundErrors } from './estimate-bounds';
import { LINE_KINDS, type Line, type LineKind } from './estimate-lines';
import type { Totals } from './estimate-totals';
import type { EventsOf } from './events';
import { messages } from './messages';
import type { PackedSources } from './packed-sources';
import { SupplierData } from './supplier';
import { positiveId } from './validation';

/**
 * Estimations: from a design to a priced 견적서 and an order (docs/estimations.md). The API, the
 * read models and the screens all take their names from here.
 */

/**
 * `Requested` → `Assigned` → `Quoted` → (`accept`) `Ordered` → `Completed`; `Rejected` may be quoted
 * again; `Cancelled` from any state before `Ordered`; a quote not accepted within
 * {@link ESTIMATION_QUOTE_VALID_DAYS} days becomes `Expired`. Accepting a quote makes the order at
 * once (the order number is given in the same step), so `Accepted` is the event, `Ordered` the state.
 */
export const estimationStates = [
  'Requested',
  'Assigned',
  'Quoted',
  'Rejected',
  'Ordered',
  'Completed',
  'Cancelled',
  'Expired',
] as const;
export type EstimationState = (typeof estimationStates)[number];

/** The states in which an estimation is over: a design may be asked for again only when its last one is. */
export const closedEstimationStates: readonly EstimationState[] = [
  'Rejected',
  'Cancelled',
  'Expired',
  'Completed',
];

export const estimationStateLabels: Readonly<Record<EstimationState, string>> = {
  Requested: '요청됨',
  Assigned: '배정됨',
  Quoted: '견적 발행',
  Rejected: '거절됨',
  Ordered: '주문됨',
  Completed: '완료',
  Cancelled: '취소됨',
  Expired: '만료됨',
};

/**
 * The steps of an estimation and the states each applies in (docs/estimations.md). The decider
 * refuses a step in any other state with a 409 naming it; the screens offer a step only here.
 */
export const estimationStepStates = {
  assign: ['Requested', 'Assigned', 'Quoted', 'Rejected'],
  draft: ['Assigned', 'Quoted', 'Rejected'],
  quote: ['Assigned', 'Quoted', 'Rejected'],
  accept: ['Quoted'],
  reject: ['Quoted'],
  complete: ['Ordered'],
  cancel: ['Requested', 'Assigned', 'Quoted', 'Rejected', 'Expired'],
  expire: ['Quoted'],
} as const satisfies Record<string, readonly EstimationState[]>;
export type EstimationStep = keyof typeof estimationStepStates;

/** Whether `step` applies to an estimation in `state`. */
export const stepApplies = (step: EstimationStep, state: EstimationState): boolean =>
  (estimationStepStates[step] as readonly EstimationState[]).includes(state);

/** A quote is valid this long after it was issued; then the scheduled job expires it. */
export const ESTIMATION_QUOTE_VALID_DAYS = 30;
export const estimationLimits = { note: 1000, reason: 500, lineText: 200, lines: 5000 } as const;

/** Read models of estimations (projections/src/estimations), as the services read them. */
export const estimationReadModels = {
  /** one row per estimation: the `estimation`, `my-estimation` and `design-manager/estimation` lists */
  estimations: 'estimation',
  /** the current draft of each estimation (lines without their sources, totals) */
  drafts: 'estimation_drafts',
  /** the sources of each computed line of the current draft, one row per line */
  draftSources: 'estimation_draft_sources',
  /** each issued quote revision, immutable */
  quotes: 'estimation_quotes',
} as const;

export const EstimationId = positiveId(messages.invalidEstimationId);

/** `EST-YYYYMMDD-NNNN` is given when requested; `ORD-YYYYMMDD-NNNN` when accepted (KST dates). */
export const ESTIMATE_NUMBER_PATTERN = /^EST-\d{8}-\d{4}$/;
export const ORDER_NUMBER_PATTERN = /^ORD-\d{8}-\d{4}$/;

const text = (max: number) =>
  z
    .string({ error: messages.invalidValue })
    .trim()
    .max(max, { error: messages.maxLength(max) });

const pathPart = (part: string) => (/^\d+$/.test(part) ? Number(part) : part);

/** `POST /api/design/{id}/estimation {note?}`. */
export const RequestEstimationSchema = z.object({ note: text(estimationLimits.note).optional() }).default({});

/** `POST /api/estimation/{id}/assign {managerId?, designerId?}`: at least one. */
export const AssignEstimationSchema = z
  .object({
    managerId: positiveId(messages.invalidUserId).optional(),
    designerId: positiveId(messages.invalidUserId).optional(),
  })
  .refine((v) => v.managerId !== undefined || v.designerId !== undefined, {
    error: messages.estimationAssigneeRequired,
  });

/**
 * `POST /api/estimation/{id}/accept {revision}`: the revision of the 견적서 the requester read, so
 * an order is only ever made for the amounts that were shown.
 */
export const AcceptEstimationSchema = z.object({
  revision: z
    .number({ error: messages.estimationAcceptRevisionRequired })
    .int({ error: messages.estimationAcceptRevisionRequired })
    .positive({ error: messages.estimationAcceptRevisionRequired }),
});

/** `POST /api/estimation/{id}/reject {reason}`. */
export const RejectEstimationSchema = z.object({
  reason: text(estimationLimits.reason).min(1, { error: messages.estimationRejectReasonRequired }),
});

// Their upper bounds are checked over the whole line (estimate-bounds.ts), so the message can
// name the line.
const money = z
  .number({ error: messages.invalidValue })
  .int({ error: messages.invalidValue })
  .min(0, { error: messages.invalidValue });
const quantity = z.number({ error: messages.invalidValue }).min(0, { error: messages.invalidValue });

/**
 * One line of `PUT /api/estimation/{id}/draft {lines}`: a computed line keeps its `id` (and the
 * server keeps its sources); a line without `id` is a free line added by hand. Amounts and totals
 * are always recomputed by the server.
 */
export const DraftLineInputSchema = z.object({
  id: z.string().max(40).optional(),
  trade: text(estimationLimits.lineText).min(1, { error: messages.required }),
  kind: z.enum(LINE_KINDS as [LineKind, ...LineKind[]], { error: messages.invalidChoice }),
  name: text(estimationLimits.lineText).min(1, { error: messages.required }),
  spec: text(estimationLimits.lineText).default(''),
  unit: text(20).min(1, { error: messages.required }),
  quantity,
  unitPrice: money,
});
export type DraftLineInput = z.output<typeof DraftLineInputSchema>;
export const PutDraftSchema = z.object({
  lines: z
    .array(DraftLineInputSchema)
    .max(estimationLimits.lines, { error: messages.estimationTooManyLines(estimationLimits.lines) })
    .superRefine((lines, context) => {
      for (const [field, message] of Object.entries(estimateBoundErrors(lines, null)))
        context.addIssue({ code: 'custom', message, path: field.split('.').slice(1).map(pathPart) });
    }),
});

/** A line of a draft or a quote: the engine's line with a stable id within the draft. */
export interface EstimationLine extends Line {
  id: string;
}

/**
 * A line of the draft as `GET /api/estimation/{id}/draft` answers it: its sources are asked for on
 * their own (`GET …/draft/lines/{lineId}/sources`, when the sheet opens a line's provenance), as
 * they are most of a draft's bytes; `sourceCount` says how many there are (0: added by hand).
 */
export type EstimationDraftLine = Omit<EstimationLine, 'sources'> & { sourceCount: number };

/** `GET /api/estimation/{id}/draft` (ETag = its version). */
export interface EstimationDraft {
  estimationId: number;
  designRevision: number;
  lines: EstimationDraftLine[];
  totals: Totals;
  /** the rates the totals used (OVERHEAD_RATE, PROFIT_RATE) as decimal text */
  rates: { OVERHEAD_RATE: string; PROFIT_RATE: string };
  /** Korean notes on what could not be priced */
  problems: string[];
  computed: string;
  version: number;
}

/** `GET /api/estimation/{id}/quote/{revision}`: immutable once issued. */
export interface EstimationQuote {
  estimationId: number;
  revision: number;
  estimateNumber: string;
  designRevision: number;
  lines: EstimationLine[];
  totals: Totals;
  rates: { OVERHEAD_RATE: string; PROFIT_RATE: string };
  issued: string;
  issuedBy: number | null;
  validUntil: string;
}

/** A row of the `estimation` read model as the API answers it. */
export interface EstimationRecord {
  id: number;
  estimateNumber: string;
  designId: number;
  designName: string;
  designRevision: number;
  requesterId: number;
  requesterName: string | null;
  managerId: number | null;
  managerName: string | null;
  designerId: number | null;
  designerName: string | null;
  state: EstimationState;
  note: string;
  /** the last issued quote revision, 0 before the first */
  quoteRevision: number;
  /** 합계 T of the last issued quote */
  quotedTotal: number | null;
  validUntil: string | null;
  orderNumber: string | null;
  rejectReason: string | null;
  registered: string;
  registeredBy: number | null;
  updated: string | null;
  updatedBy: number | null;
  version: number;
}

const Id = z.number().int().positive();
const LineData = z.object({
  id: z.string(),
  trade: z.string(),
  kind: z.enum(LINE_KINDS as [LineKind, ...LineKind[]]),
  refType: z.enum(['Material', 'Product']).nullable(),
  refId: Id.nullable(),
  name: z.string(),
  spec: z.string(),
  unit: z.string(),
  quantity: z.number(),
  unitPrice: z.number().int(),
  amount: z.number().int(),
  sources: z.array(z.unknown()).optional(),
});
const TotalsData = z.object({
  material: z.number(),
  labour: z.number(),
  expense: z.number(),
  direct: z.number(),
  overhead: z.number(),
  profit: z.number(),
  rounding: z.number(),
  supply: z.number(),
  vat: z.number(),
  total: z.number(),
});
const Rates = z.object({ OVERHEAD_RATE: z.string(), PROFIT_RATE: z.string() });
const PackedSourcesData = z.object({
  strings: z.array(z.string()),
  lines: z.record(z.string(), z.array(z.array(z.unknown()))),
}) as unknown as z.ZodType<PackedSources>;

/**
 * The estimation's stream `Estimation-<id>`. A draft is recomputed or edited as a whole (the lines
 * are at most a few thousand), so each draft event carries all of its lines. A computed draft
 * carries its lines' sources in the compact shape beside them (`packedSources`; drafts computed
 * before it have them in each line: `lineSources` reads either); an edit's lines carry their fields
 * only, each computed line keeping the sources its id had (`keepSources`; edits recorded before
 * this carry them too). A quote copies the lines with their sources.
 */
export const EstimationEventSchemas = {
  EstimationRequested: z.object({
    id: Id,
    estimateNumber: z.string(),
    designId: Id,
    designName: z.string(),
    designRevision: z.number().int().nonnegative(),
    requesterId: Id,
    note: z.string(),
  }),
  EstimationAssigned: z.object({ managerId: Id.nullable(), designerId: Id.nullable() }),
  EstimationDraftComputed: z.object({
    designRevision: z.number().int().nonnegative(),
    lines: z.array(LineData),
    totals: TotalsData,
    rates: Rates,
    problems: z.array(z.string()),
    /** The lines' sources in the compact shape (absent from drafts whose lines carry their own). */
    packedSources: PackedSourcesData.optional(),
  }),
  EstimationDraftEdited: z.object({ lines: z.array(LineData), totals: TotalsData }),
  EstimationQuoted: z.object({
    revision: z.number().int().positive(),
    validUntil: z.string(),
    lines: z.array(LineData),
    totals: TotalsData,
    rates: Rates,
    designRevision: z.number().int().nonnegative(),
    /** The supplier as set when issued (absent on quotes issued before one was set). */
    supplier: SupplierData.nullable().optional(),
  }),
  EstimationAccepted: z.object({ revision: z.number().int().positive(), orderNumber: z.string() }),
  EstimationRejected: z.object({ revision: z.number().int().positive(), reason: z.string() }),
  EstimationCompleted: z.object({}),
  EstimationCancelled: z.object({ reason: z.string() }),
  EstimationExpired: z.object({ revision: z.number().int().positive() }),
};
export type EstimationEvent = EventsOf<typeof EstimationEventSchemas>;
export type EstimationEventType = EstimationEvent['type'];
export const estimationEventTypes = Object.keys(EstimationEventSchemas) as EstimationEventType[];
