import {
  computeEstimate,
  computePackedEstimate,
  type DesignDocument,
  type DesignStatus,
  type DraftLineInput,
  ESTIMATION_QUOTE_VALID_DAYS,
  type Estimate,
  type EstimateCatalogue,
  type EstimateRates,
  type EstimationEvent,
  type EstimationLine,
  type EstimationState,
  estimateBoundErrors,
  estimateRates,
  estimationStateLabels,
  estimationStepStates,
  keepSources,
  lineSources,
  messages,
  type PackedEstimate,
  type PackedSources,
  priceLines,
  type Supplier,
  type Totals,
  totalsOf,
} from '@interior/contracts';
import { domainNotFound, invalidValues, ruleBroken } from '@interior/platform';
import type { Decider } from '../decider';

/**
 * An estimation (docs/estimations.md): requested from a design, assigned, drafted and quoted by
 * its assignees, accepted (the order) or rejected by its requester, completed, cancelled or
 * expired. Who may ask for each step is the routes' to check; this says which steps apply now,
 * and prices what the drafts record (the engine of contracts/src/estimate*.ts).
 */
export interface Draft {
  designRevision: number;
  /** without their sources when the draft has them packed (`lineSources` reads either) */
  lines: EstimationLine[];
  /** the sources of a draft computed in the compact shape, as its event carries them */
  packedSources?: PackedSources;
  totals: Totals;
  rates: EstimateRates;
}

export type EstimationStateValue =
  | { status: 'None' }
  | {
      status: EstimationState;
      id: number;
      designId: number;
      designRevision: number;
      requesterId: number;
      managerId: number | null;
      designerId: number | null;
      draft: Draft | null;
      quoteRevision: number;
      validUntil: string | null;
    };

export const initialEstimationState = (): EstimationStateValue => ({ status: 'None' });

export function evolveEstimation(state: EstimationStateValue, event: EstimationEvent): EstimationStateValue {
  if (event.type === 'EstimationRequested') {
    const { id, designId, designRevision, requesterId } = event.data;
    return {
      status: 'Requested',
      id,
      designId,
      designRevision,
      requesterId,
      managerId: null,
      designerId: null,
      draft: null,
      quoteRevision: 0,
      validUntil: null,
    };
  }
  if (state.status === 'None') return state;
  switch (event.type) {
    case 'EstimationAssigned':
      return {
        ...state,
        status: state.status === 'Requested' ? 'Assigned' : state.status,
        managerId: event.data.managerId,
        designerId: event.data.designerId,
      };
    case 'EstimationDraftComputed':
      return {
        ...state,
        draft: {
          designRevision: event.data.designRevision,
          lines: event.data.lines as EstimationLine[],
          ...(event.data.packedSources ? { packedSources: event.data.packedSources } : {}),
          totals: event.data.totals,
          rates: event.data.rates,
        },
      };
    case 'EstimationDraftEdited':
      return state.draft
        ? {
            ...state,
            draft: {
              ...state.draft,
              // Packed sources are kept by line id, so the edited lines need nothing put back.
              lines: state.draft.packedSources
                ? (event.data.lines as EstimationLine[])
                : keepSources(event.data.lines as EstimationLine[], state.draft.lines),
              totals: event.data.totals,
            },
          }
        : state;
    case 'EstimationQuoted':
      return {
        ...state,
        status: 'Quoted',
        quoteRevision: event.data.revision,
        validUntil: event.data.validUntil,
      };
    case 'EstimationAccepted':
      return { ...state, status: 'Ordered' };
    case 'EstimationRejected':
      return { ...state, status: 'Rejected' };
    case 'EstimationCompleted':
      return { ...state, status: 'Completed' };
    case 'EstimationCancelled':
      return { ...state, status: 'Cancelled' };
    case 'EstimationExpired':
      return { ...state, status: 'Expired' };
    default:
      return state;
  }
}

export type EstimationCommand =
  | {
      type: 'RequestEstimation';
      id: number;
      estimateNumber: string;
      designId: number;
      designName: string;
      designRevision: number;
      requesterId: number;
      note: string;
      /** Facts read by the route: the design's status now and its estimation still open. */
      designStatus: DesignStatus;
      openEstimation: { estimateNumber: string; state: EstimationState } | null;
      /** The design's saved document (null without one) and the catalogue that prices it now. */
      saved: Priced | null;
    }
  | { type: 'AssignEstimation'; managerId: number | null; designerId: number | null }
  /** The design's document at the estimation's revision, priced with the catalogue now. */
  | { type: 'ComputeDraft'; priced: Priced }
  /**
   * The draft's lines as the assignee edited them (`PUT …/draft`); `newLineIds` holds an id for each
   * line, taken by those that become lines added by hand.
   */
  | { type: 'EditDraft'; lines: DraftLineInput[]; newLineIds: string[] }
  | { type: 'IssueQuote'; now: Date; supplier: Supplier | null }
  | { type: 'AcceptQuote'; revision: number; orderNumber: string }
  | { type: 'RejectQuote'; reason: string }
  | { type: 'CompleteOrder' }
  | { type: 'CancelEstimation'; reason: string }
  | { type: 'ExpireQuote'; now: Date };

type Live = Exclude<EstimationStateValue, { status: 'None' }>;

/** A design document and the catalogue records (prices, recipes, constants) it is priced with. */
export interface Priced {
  document: DesignDocument;
  catalogue: EstimateCatalogue;
}

/** Each command's step (contracts' estimationStepStates): anything else is a 409 naming the state. */
const allowedIn: Readonly<
  Record<Exclude<EstimationCommand['type'], 'RequestEstimation'>, readonly EstimationState[]>
> = {
  AssignEstimation: estimationStepStates.assign,
  ComputeDraft: estimationStepStates.draft,
  EditDraft: estimationStepStates.draft,
  IssueQuote: estimationStepStates.quote,
  AcceptQuote: estimationStepStates.accept,
  RejectQuote: estimationStepStates.reject,
  CompleteOrder: estimationStepStates.complete,
  CancelEstimation: estimationStepStates.cancel,
  ExpireQuote: estimationStepStates.expire,
};

/** The action's word in "…할 수 없습니다". */
export const actionWords: Readonly<Record<EstimationCommand['type'], string>> = {
  RequestEstimation: '요청',
  AssignEstimation: '배정',
  ComputeDraft: '계산',
  EditDraft: '수정',
  IssueQuote: '발행',
  AcceptQuote: '수락',
  RejectQuote: '거절',
  CompleteOrder: '완료 처리',
  CancelEstimation: '취소',
  ExpireQuote: '만료 처리',
};

function live(state: EstimationStateValue, step: keyof typeof allowedIn): Live {
  if (state.status === 'None') throw domainNotFound(messages.estimationNotFound);
  if (!allowedIn[step].includes(state.status)) {
    throw ruleBroken(
      messages.estimationStateConflict(estimationStateLabels[state.status], actionWords[step]),
    );
  }
  return state;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Refuses lines or totals beyond the estimate's bounds (a 400 naming the line): amounts past them
 * would no longer be exact numbers, in the events, the read models or the PDF.
 */
function requireWithinBounds(
  lines: readonly { name: string; quantity: number; unitPrice: number }[],
  totals: Totals,
) {
  const errors = estimateBoundErrors(lines, totals);
  const [first] = Object.values(errors);
  if (first) throw invalidValues(first, errors);
}

/**
 * A document's estimate as a draft and the editor's preview price it: the explosion, its totals
 * and the rates they used; refused beyond the estimate's bounds.
 */
export function priceDocument({ document, catalogue }: Priced): Estimate & { rates: EstimateRates } {
  const estimate = computeEstimate(document, catalogue);
  requireWithinBounds(estimate.lines, estimate.totals);
  return { ...estimate, rates: estimateRates(catalogue.constants) };
}

/** The same with the lines' sources in the compact shape (the draft's event), never as objects. */
function pricePacked({ document, catalogue }: Priced): PackedEstimate & { rates: EstimateRates } {
  const estimate = computePackedEstimate(document, catalogue);
  requireWithinBounds(estimate.lines, estimate.totals);
  return { ...estimate, rates: estimateRates(catalogue.constants) };
}

/** Lines with ids that stay theirs through edits: `L1…` for computed lines. */
const numbered = <L>(lines: readonly L[]): (L & { id: string })[] =>
  lines.map((line, i) => ({ ...line, id: `L${i + 1}` }));

/** The sources of computed lines by their ids, as the draft's event carries them. */
const packedByLine = (
  lines: readonly { id: string }[],
  sources: PackedEstimate['sources'],
): PackedSources => ({
  strings: sources.strings,
  lines: Object.fromEntries(
    lines.flatMap((line, i) => (sources.lines[i]?.length ? [[line.id, sources.lines[i]]] : [])),
  ),
});

/**
 * An edit of the draft: each line named by a computed line's id keeps where it came from (its
 * reference, and its sources, which the event leaves out: the fold puts them back by id), any
 * other is a line added by hand; amounts and totals are priced again with the draft's rates. The
 * draft is looked for first: without one there is nothing to edit, whatever the state.
 */
function editDraft(
  state: EstimationStateValue,
  command: Extract<EstimationCommand, { type: 'EditDraft' }>,
): EstimationEvent[] {
  if (state.status !== 'None' && !state.draft) throw ruleBroken(messages.estimationNoDraft);
  const draft = live(state, 'EditDraft').draft!;
  const kept = new Map(draft.lines.map((line) => [line.id, line]));
  const lines = priceLines(
    command.lines.map((line, i): Omit<EstimationLine, 'amount' | 'sources'> => {
      const before = line.id ? kept.get(line.id) : undefined;
      return before
        ? { ...line, id: before.id, refType: before.refType, refId: before.refId }
        : { ...line, id: command.newLineIds[i]!, refType: null, refId: null };
    }),
  );
  const totals = totalsOf(lines, draft.rates);
  requireWithinBounds(lines, totals);
  return [{ type: 'EstimationDraftEdited', data: { lines, totals } }];
}

/**
 * The quote `revision` may be accepted now, else the refusal: the step applies, and it is the
 * latest issued, the 견적서 the requester read (one revised since is read again first). The routes
 * ask this before they draw an order number, so a refused accept draws none.
 */
export function requireAcceptable(state: EstimationStateValue, revision: number): void {
  const current = live(state, 'AcceptQuote');
  if (revision !== current.quoteRevision)
    throw ruleBroken(messages.estimationQuoteNotLatest(revision, current.quoteRevision));
}

export const estimationDecider: Decider<EstimationCommand, EstimationEvent, EstimationStateValue> = {
  initialState: initialEstimationState,
  evolve: evolveEstimation,
  // Every draft computed or edited carries all its lines (a computed one with their sources): a
  // process that starts reads an estimate from its snapshot on. The state is plain JSON of ids,
  // lines, packed sources and totals, without personal data; a snapshot taken before sources were
  // packed reads as a draft whose lines carry their own.
  snapshot: { kind: 'estimation/1', every: 10 },
  decide(command, state) {
    if (command.type === 'RequestEstimation') {
      if (state.status !== 'None') return [];
      const { type: _type, designStatus, openEstimation, saved, ...data } = command;
      if (designStatus !== 'Active') throw ruleBroken(messages.designTrashed);
      // One request at a time per design: the open one is where the person goes on.
      if (openEstimation) {
        throw ruleBroken(
          messages.estimationAlreadyOpen(
            openEstimation.estimateNumber,
            estimationStateLabels[openEstimation.state],
          ),
        );
      }
      const priced = saved ? computePackedEstimate(saved.document, saved.catalogue).lines : [];
      if (!priced.some((line) => line.amount > 0)) throw ruleBroken(messages.estimationNothingPriced);
      return [{ type: 'EstimationRequested', data }];
    }
    if (command.type === 'EditDraft') return editDraft(state, command);
    const current = live(state, command.type);
    switch (command.type) {
      case 'AssignEstimation': {
        if (command.managerId === current.managerId && command.designerId === current.designerId) return [];
        return [
          {
            type: 'EstimationAssigned',
            data: { managerId: command.managerId, designerId: command.designerId },
          },
        ];
      }
      case 'ComputeDraft': {
        const { lines, sources, totals, rates, problems } = pricePacked(command.priced);
        const computed = numbered(lines);
        const draft: Draft = {
          designRevision: current.designRevision,
          lines: computed,
          packedSources: packedByLine(computed, sources),
          totals,
          rates,
        };
        return [{ type: 'EstimationDraftComputed', data: { ...draft, problems } }];
      }
      case 'IssueQuote': {
        if (!current.draft) throw ruleBroken(messages.estimationNoDraft);
        if (current.draft.lines.length === 0) throw ruleBroken(messages.estimationEmptyDraft);
        const { packedSources } = current.draft;
        const validUntil = new Date(
          command.now.getTime() + ESTIMATION_QUOTE_VALID_DAYS * DAY_MS,
        ).toISOString();
        return [
          {
            type: 'EstimationQuoted',
            data: {
              revision: current.quoteRevision + 1,
              validUntil,
              // The quote keeps each line with where it came from, as issued quotes always have.
              lines: packedSources
                ? current.draft.lines.map((line) => ({ ...line, sources: lineSources(line, packedSources) }))
                : current.draft.lines,
              totals: current.draft.totals,
              rates: current.draft.rates,
              designRevision: current.draft.designRevision,
              supplier: command.supplier,
            },
          },
        ];
      }
      case 'AcceptQuote':
        requireAcceptable(current, command.revision);
        return [
          {
            type: 'EstimationAccepted',
            data: { revision: command.revision, orderNumber: command.orderNumber },
          },
        ];
      case 'RejectQuote':
        return [
          { type: 'EstimationRejected', data: { revision: current.quoteRevision, reason: command.reason } },
        ];
      case 'CompleteOrder':
        return [{ type: 'EstimationCompleted', data: {} }];
      case 'CancelEstimation':
        return [{ type: 'EstimationCancelled', data: { reason: command.reason } }];
      case 'ExpireQuote':
        // Only a quote whose validity has passed; the scheduled job may find one accepted meanwhile.
        if (!current.validUntil || new Date(current.validUntil).getTime() > command.now.getTime()) return [];
        return [{ type: 'EstimationExpired', data: { revision: current.quoteRevision } }];
      default: {
        const unreachable: never = command;
        return unreachable;
      }
    }
  },
};
