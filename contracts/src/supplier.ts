import { z } from 'zod';
import { PhoneSchema, RegistrationNumberSchema } from './accounts';
import type { EventsOf } from './events';
import { FileIdSchema, type StoredFile } from './files';
import { requiredText } from './validation';

/**
 * The 공급자 printed on every 견적서: the operator's company as the Admin sets it at
 * `/api/system/supplier`. One stream holds every change; a quote copies the value it had when it
 * was issued, so a later change never alters an issued quote (docs/estimations.md).
 */
export const SUPPLIER_STREAM = 'Supplier-1';

export const supplierLimits = { companyName: 100, representative: 50, address: 255 } as const;

/** `PUT /api/system/supplier`: the whole value; `seal` left out keeps the image, null removes it. */
export const SupplierInputSchema = z.object({
  companyName: requiredText(supplierLimits.companyName),
  registrationNumber: RegistrationNumberSchema,
  representative: requiredText(supplierLimits.representative),
  address: requiredText(supplierLimits.address),
  phone: PhoneSchema,
  seal: FileIdSchema.nullable().optional(),
});
export type SupplierInput = z.output<typeof SupplierInputSchema>;

const StoredFileData = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  originalName: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
});

/** The supplier as set, and as an issued quote keeps it. */
export const SupplierData = z.object({
  companyName: z.string(),
  registrationNumber: z.string(),
  representative: z.string(),
  address: z.string(),
  phone: z.string(),
  seal: StoredFileData.nullable(),
});
export type Supplier = Omit<z.output<typeof SupplierData>, 'seal'> & { seal: StoredFile | null };

export const SupplierEventSchemas = {
  /** The whole value as it is from now on. */
  SupplierChanged: SupplierData,
};
export type SupplierEvent = EventsOf<typeof SupplierEventSchemas>;

/** The supplier as of these events (null while it was never set). */
export function currentSupplier(events: readonly { type: string; data: unknown }[]): Supplier | null {
  let current: Supplier | null = null;
  for (const event of events) {
    if (event.type === 'SupplierChanged') current = event.data as Supplier;
  }
  return current;
}

/** 1248100998 → 124-81-00998 */
export function formatRegistrationNumber(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 10 ? `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}` : value;
}
