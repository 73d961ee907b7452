import { z } from 'zod';
import type { EventsOf } from './events';
import { messages } from './messages';
import { defineResource } from './resource';

/**
 * Named numbers (BOM constants, design properties): the Admin keeps the system values at
 * `system/bomconstant` and `system/designproperty`; every user reads at `bomconstant` and
 * `designproperty` the effective value of each key (their own override, object type
 * PropertyOverride, or the system value) and may set or remove their override.
 */
export const settingMessages = {
  keyShape: '키는 영문 대문자, 숫자, 밑줄(_)로 쓰고 영문 대문자로 시작해야 합니다. 예: WALL_HEIGHT',
  duplicateKey: '이미 등록된 키입니다.',
  notFound: '항목을 찾을 수 없습니다.',
} as const;

const settingResource = <const Name extends string>(
  name: Name,
  objectType: 'BomConstant' | 'DesignProperty',
  label: string,
) =>
  defineResource({
    name,
    objectType,
    label,
    notFound: settingMessages.notFound,
    representation: 'key',
    defaultSort: ['key', 'ASC'],
    unique: [{ field: 'key', message: settingMessages.duplicateKey }],
    fields: {
      key: {
        kind: 'text',
        label: '키',
        max: 40,
        required: true,
        pattern: { regex: /^[A-Z][A-Z0-9_]*$/, message: settingMessages.keyShape },
        sortable: true,
        search: true,
        filter: true,
        list: true,
      },
      label: {
        kind: 'text',
        label: '이름',
        max: 50,
        required: true,
        sortable: true,
        search: true,
        list: true,
      },
      value: {
        kind: 'decimal',
        label: '값',
        min: -1_000_000_000,
        max: 1_000_000_000,
        scale: 4,
        required: true,
        list: true,
      },
      unit: { kind: 'text', label: '단위', max: 20, list: true },
      description: { kind: 'text', label: '설명', max: 500, multiline: true },
    },
  });

export const systemBomConstantResource = settingResource('system/bomconstant', 'BomConstant', 'BOM 상수');
export const systemDesignPropertyResource = settingResource(
  'system/designproperty',
  'DesignProperty',
  '디자인 속성',
);
export const settingResources = [systemBomConstantResource, systemDesignPropertyResource] as const;

export interface ShippedSetting {
  key: string;
  label: string;
  value: number;
  unit: string | null;
  description: string | null;
}

/** The system values the platform ships, created at first start. */
export const shippedSettings: Readonly<
  Record<'system/bomconstant' | 'system/designproperty', ShippedSetting[]>
> = {
  'system/bomconstant': [
    {
      key: 'OVERHEAD_RATE',
      label: '일반관리비율',
      value: 0.06,
      unit: null,
      description: '직접공사비에 곱하는 일반관리비 비율',
    },
    {
      key: 'PROFIT_RATE',
      label: '이윤율',
      value: 0.15,
      unit: null,
      description: '노무비·경비·일반관리비 합에 곱하는 이윤 비율',
    },
  ],
  'system/designproperty': [
    { key: 'WALL_HEIGHT', label: '벽 높이', value: 2400, unit: 'mm', description: '새 벽의 기본 높이' },
    { key: 'WALL_THICKNESS', label: '벽 두께', value: 120, unit: 'mm', description: '새 벽의 기본 두께' },
    { key: 'DOOR_HEIGHT', label: '문 높이', value: 2100, unit: 'mm', description: '새 문의 기본 높이' },
    { key: 'WINDOW_SILL', label: '창대 높이', value: 900, unit: 'mm', description: '바닥에서 창 아래까지' },
    { key: 'GRID', label: '격자 간격', value: 100, unit: 'mm', description: '편집기 격자와 맞춤 간격' },
  ],
};

/** The user-facing routes of each kind of setting, and the system resource they read. */
export const settingViews = {
  bomconstant: 'system/bomconstant',
  designproperty: 'system/designproperty',
} as const;
export type SettingView = keyof typeof settingViews;

/** `PUT /api/bomconstant/{id}` and `/api/designproperty/{id}`: my own value for that key. */
export const OverrideInputSchema = z.object(
  {
    value: z
      .number({ error: messages.invalidValue })
      .min(-1_000_000_000, { error: messages.minNumber(-1_000_000_000) })
      .max(1_000_000_000, { error: messages.maxNumber(1_000_000_000) })
      .refine((n) => Math.abs(Math.round(n * 10_000) - n * 10_000) < 1e-6, {
        error: messages.maxDecimals(4),
      }),
  },
  { error: messages.invalidValue },
);

/** What `bomconstant` / `designproperty` answer per key. */
export interface EffectiveSetting {
  /** The system record's id. */
  id: number;
  key: string;
  label: string;
  unit: string | null;
  description: string | null;
  systemValue: number;
  /** Mine when I set one, else the system value. */
  value: number;
  overridden: boolean;
}

/** One stream per user (`PropertyOverride-<userId>`) holding their overrides of both kinds. */
export const PropertyOverrideEventSchemas = {
  PropertyOverrideSet: z.object({
    kind: z.enum(['bomconstant', 'designproperty']),
    key: z.string(),
    value: z.number(),
  }),
  PropertyOverrideRemoved: z.object({ kind: z.enum(['bomconstant', 'designproperty']), key: z.string() }),
};
export type PropertyOverrideEvent = EventsOf<typeof PropertyOverrideEventSchemas>;
