import type { AgeGatedFeature, MarketRule } from '../markets/rules';

// Age assurance (issue 45 items 2 and 3): which of a member's actions the market rule puts behind a highly effective
// check, and what a check's outcome means. Pure: the worker reads the member's status and the visitor's rule and asks.

/** What a finished check can say. Only a pass opens what the rule gates; the others keep it closed (retry allowed). */
export const AGE_CHECK_OUTCOMES = ['pass', 'fail', 'inconclusive', 'cancelled'] as const;
export type AgeCheckOutcome = (typeof AGE_CHECK_OUTCOMES)[number];

/** The methods a provider may report (Ofcom's "capable of being highly effective" list); others are stored as told. */
export const AGE_CHECK_METHODS = ['age_estimation', 'doc_scan', 'digital_id', 'credit_card', 'mobile', 'open_banking'] as const;
export type AgeCheckMethod = (typeof AGE_CHECK_METHODS)[number];

/** A member's standing: no check yet, one under way (started, no outcome), or the latest outcome. */
export type AgeStanding = 'none' | 'pending' | AgeCheckOutcome;

/** The features of `wanted` that the rule puts behind a highly effective check (empty: nothing to check). */
export function featuresNeedingCheck(rule: MarketRule, wanted: readonly AgeGatedFeature[]): AgeGatedFeature[] {
  return wanted.filter((feature) => rule.age_assurance[feature] === 'highly_effective');
}

/** Every feature the rule gates: what the "verify your age" screen names. */
export function gatedFeatures(rule: MarketRule): AgeGatedFeature[] {
  return featuresNeedingCheck(rule, ['browse', 'photos', 'chat', 'pay']);
}

/** Whether the member may do `wanted` now: nothing there is gated, or the member has passed (once is enough). */
export function ageCheckAllows(rule: MarketRule, wanted: readonly AgeGatedFeature[], passed: boolean): boolean {
  return passed || featuresNeedingCheck(rule, wanted).length === 0;
}

/** A member may start a (new) check unless they passed already: a fail, inconclusive or cancel may be retried. */
export const mayStartCheck = (standing: AgeStanding) => standing !== 'pass';

/**
 * The version of the site-entry warning's self-declaration text (entry.* in the catalogues) that a logged
 * declaration names, as consents name theirs (core/rules/consent.ts): bump it when the text changes meaning.
 */
export const AGE_DECLARATION_VERSION = '2026-11-29';
