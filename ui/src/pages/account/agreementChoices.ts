import { type Agreement, AgreementsSchema, agreementDefinitions, validate } from '@interior/contracts';

/**
 * How the agreements travel from /agreement to the sign-up form: in the router's state of the
 * history entry (never in the URL), so a reload or Back keeps them, and a sign-up form opened
 * without them (typed, bookmarked, another tab) sends the visitor to /agreement first.
 */
export interface AgreementsState {
  agreements: Agreement[];
}

/** Every definition with its choice, in the definitions' order (the API's list of `{code, agreed}`). */
export const agreementList = (agreed: Partial<Record<Agreement['code'], boolean>>): Agreement[] =>
  agreementDefinitions.map((definition) => ({
    code: definition.value,
    agreed: Boolean(agreed[definition.value]),
  }));

/** The agreements a history entry carries, when they are a valid list with the required ones agreed. */
export function agreementsFrom(state: unknown): Agreement[] | null {
  if (typeof state !== 'object' || state === null) return null;
  const checked = validate(AgreementsSchema, (state as Partial<AgreementsState>).agreements);
  return checked.ok ? checked.data : null;
}

/** The choices as the agreement page's checkboxes show them (all off when nothing came back). */
export function choicesFrom(state: unknown): Partial<Record<Agreement['code'], boolean>> {
  const list =
    typeof state === 'object' && state !== null ? (state as Partial<AgreementsState>).agreements : null;
  if (!Array.isArray(list)) return {};
  const choices: Partial<Record<Agreement['code'], boolean>> = {};
  for (const entry of list as unknown[]) {
    const { code, agreed } = (entry ?? {}) as Partial<Agreement>;
    if (agreementDefinitions.some((d) => d.value === code) && typeof agreed === 'boolean')
      choices[code!] = agreed;
  }
  return choices;
}

/**
 * The terms of the two card payment providers are linked at sign-up. Which providers and
 * their terms' addresses are not specified: these are their public terms pages.
 */
export const paymentProviderTerms = [
  { label: '토스페이먼츠 이용약관', href: 'https://pages.tosspayments.com/terms/user' },
  { label: 'KG이니시스 이용약관', href: 'https://www.inicis.com/terms' },
] as const;
