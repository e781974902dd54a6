import type { ComponentType } from 'react';
import { CamsScreen } from './cams';
import { LikesScreen } from './likes';
import { MatchFinderScreen } from './match-finder';
import { ProfileLandingScreen } from './profile-landing';
import { ProfileScreen } from './profile-view';
import { SearchScreen } from './search';
import { SwipeGameScreen } from './swipe-game';

/** The members area's screens by route name, one lazy module (client/app.tsx). */
export const screens: Record<string, ComponentType> = {
  members: SearchScreen,
  'members-id': ProfileScreen,
  'likes-m-id': ProfileScreen,
  'members-id-chat': ProfileLandingScreen,
  'members-id-landing': ProfileLandingScreen,
  'members-id-landing2': ProfileLandingScreen,
  'members-id-landing3': ProfileLandingScreen,
  likes: LikesScreen,
  'likes-type': LikesScreen,
  'swipe-game': SwipeGameScreen,
  'match-finder': MatchFinderScreen,
  cams: CamsScreen,
};
