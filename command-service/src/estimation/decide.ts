import {
  ESTIMATION_QUOTE_VALID_DAYS,
  type EstimationEvent,
  type EstimationLine,
  type EstimationState,
  estimationStateLabels,
  estimationStepStates,
  messages,
  type Supplier,
  type Totals,
} from '@interior/contracts';
import { domainNotFound, ruleBroken } from '@interior/platform';
import type { Decider } from '../decider';

/**
 * An estimation (docs/estimations.md): requested from a design, assigned, drafted and quoted by
 * its assignees, accepted (the order) or rejected by its requester, completed, cancelled or
 * expired. Who may ask for each step is the routes' to check; this says which steps apply now.
 */
export interface Draft {
  designRevision: number;
  lines: EstimationLine[];
  totals: Totals;
  rates: { OVERHEAD_RATE: string; PROFIT_RATE: string };
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
          totals: event.data.totals,
          rates: event.data.rates,
        },
      };
    case 'EstimationDraftEdited':
      return state.draft
        ? {
            ...state,
            draft: { ...state.draft, lines: event.data.lines as EstimationLine[], totals: event.data.totals },
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
      /** Facts read by the route: the design's estimation still open, and its priced lines now. */
      openEstimation: { estimateNumber: string; state: EstimationState } | null;
      pricedLines: number;
    }
  | { type: 'AssignEstimation'; managerId: number | null; designerId: number | null }
  | { type: 'ComputeDraft'; draft: Draft; problems: string[] }
  | { type: 'EditDraft'; lines: EstimationLine[]; totals: Totals }
  | { type: 'IssueQuote'; now: Date; supplier: Supplier | null }
  | { type: 'AcceptQuote'; revision: number; orderNumber: string }
  | { type: 'RejectQuote'; reason: string }
  | { type: 'CompleteOrder' }
  | { type: 'CancelEstimation'; reason: string }
  | { type: 'ExpireQuote'; now: Date };

type Live = Exclude<EstimationStateValue, { status: 'None' }>;

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

function live(
  state: EstimationStateValue,
  command: Exclude<EstimationCommand, { type: 'RequestEstimation' }>,
): Live {
  if (state.status === 'None') throw domainNotFound(messages.estimationNotFound);
  if (!allowedIn[command.type].includes(state.status)) {
    throw ruleBroken(
      messages.estimationStateConflict(estimationStateLabels[state.status], actionWords[command.type]),
    );
  }
  return state;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export const estimationDecider: Decider<EstimationCommand, EstimationEvent, EstimationStateValue> = {
  initialState: initialEstimationState,
  evolve: evolveEstimation,
  // Every draft computed or edited carries all its lines: a process that starts reads an estimate
  // from its snapshot on. The state is plain JSON of ids, lines and totals, without personal data.
  snapshot: { kind: 'estimation/1', every: 10 },
  decide(command, state) {
    if (command.type === 'RequestEstimation') {
      if (state.status !== 'None') return [];
      const { type: _type, openEstimation, pricedLines, ...data } = command;
      // One request at a time per design: the open one is where the person goes on.
      if (openEstimation) {
        throw ruleBroken(
          messages.estimationAlreadyOpen(
            openEstimation.estimateNumber,
            estimationStateLabels[openEstimation.state],
          ),
        );
      }
      if (pricedLines === 0) throw ruleBroken(messages.estimationNothingPriced);
      return [{ type: 'EstimationRequested', data }];
    }
    const current = live(state, command);
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
      case 'ComputeDraft':
        return [{ type: 'EstimationDraftComputed', data: { ...command.draft, problems: command.problems } }];
      case 'EditDraft':
        if (!current.draft) throw ruleBroken(messages.estimationNoDraft);
        return [{ type: 'EstimationDraftEdited', data: { lines: command.lines, totals: command.totals } }];
      case 'IssueQuote': {
        if (!current.draft) throw ruleBroken(messages.estimationNoDraft);
        if (current.draft.lines.length === 0) throw ruleBroken(messages.estimationEmptyDraft);
        const validUntil = new Date(
          command.now.getTime() + ESTIMATION_QUOTE_VALID_DAYS * DAY_MS,
        ).toISOString();
        return [
          {
            type: 'EstimationQuoted',
            data: {
              revision: current.quoteRevision + 1,
              validUntil,
              lines: current.draft.lines,
              totals: current.draft.totals,
              rates: current.draft.rates,
              designRevision: current.draft.designRevision,
              supplier: command.supplier,
            },
          },
        ];
      }
      case 'AcceptQuote':
        // The order is for the 견적서 the requester read: one revised since is read again first.
        if (command.revision !== current.quoteRevision)
          throw ruleBroken(messages.estimationQuoteNotLatest(command.revision, current.quoteRevision));
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
