/** The staff API's answers, from the contract in core/ (one place for the workspace and the worker). */
export type { ClaimResponse, FictionalProfile, FictionalProfilesResponse, StaffLiveEvent, StaffReplyResponse } from '../../../core/schemas/staff';

export interface StaffSessionItem {
  id: string;
  created_at: string;
  expires_at: string;
  user_agent: string | null;
  ip: string | null;
  current: boolean;
}

export interface StaffSetupInfo {
  email: string;
  qr_svg: string;
  secret: string;
}
