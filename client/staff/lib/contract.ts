/** The staff API's answers, from the contract in core/ (one place for the workspace and the worker; types only). */
export type { StaffLiveEvent } from '../../../core/schemas/staff';
export type { FictionalProfile } from '../../../core/schemas/staff-answers';
