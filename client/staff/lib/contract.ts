import type { z } from 'zod';
import type { FictionalProfileInput, StaffChatMessage } from '../../../core/schemas/staff';
import type { ImageSchema } from '../../../core/schemas/user';

/*
 * Answers of the staff API that the answering branch (wave2-staff-answer) adds to core/schemas/staff.ts, written
 * here with the same shapes so this branch type-checks on its own. After the merge these can become re-exports of
 * core/schemas/staff.ts (ClaimResponse, StaffReplyResponse, StaffLiveEvent, FictionalProfile, ...).
 */

type Image = z.infer<typeof ImageSchema>;
type Claim = { id: number; name: string; expires_at: string };

export interface ClaimResponse {
  conversation_id: number;
  claimed_by: Claim;
}

export interface StaffReplyResponse {
  message: StaffChatMessage;
  conversation_id: number;
  waited_ms: number | null;
  claimed_by: Claim;
}

export type StaffLiveEvent = { type: 'hello'; brand: string } | { type: 'queue'; brand: string; change: string; conversation_id: number };

export interface FictionalProfile extends Omit<FictionalProfileInput, 'interests'> {
  id: number;
  fictional: true;
  label: string;
  age: number;
  interests: number[];
  main_image: Image | null;
  photos: (Image & { id: number })[];
}

export interface FictionalProfilesResponse {
  profiles: FictionalProfile[];
}

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
