/** The staff API's answers, from the contract in core/ (one place for the workspace and the worker). */
export type {
  AuditPage,
  ClaimResponse,
  FictionalProfile,
  FictionalProfilesResponse,
  StaffLiveEvent,
  StaffReplyResponse,
  StaffSessionsResponse,
  StaffSetupInfo,
} from '../../../core/schemas/staff';
