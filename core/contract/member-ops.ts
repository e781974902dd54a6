import { z } from 'zod';
import { ChatQuerySchema, ChatResponseSchema, ChatsResponseSchema, ClientKeySchema, ConversationRefSchema, SendResponseSchema, sendMessageSchema } from '../schemas/chat';
import {
  AutoLikeResponseSchema, LikeResultSchema, LikeSchema, LikesResponseSchema, MatchFinderQuerySchema, MatchFinderResponseSchema,
  ProfileIdSchema, ProfileQuerySchema, ProfileResponseSchema, SwipeResultSchema, SwipeSchema, SwipeStackSchema, myProfileSchema,
} from '../schemas/members';
import { PhotoDeleteSchema, PhotosResponseSchema, PhotoUpdateSchema } from '../schemas/photos';
import { FeaturedQuerySchema, FeaturedResponseSchema } from '../schemas/profile';
import { SearchQuerySchema, SearchResponseSchema } from '../schemas/search';
import { OkSchema, type Operation } from './operation';

// The longest message any brand allows (core/schemas/tenant.ts message_length); a brand's own limit is lower.
const SEND = sendMessageSchema(5000);
const MY_PROFILE = myProfileSchema('2026-01-01');
const MEMBER = ['authentication_required'] as const;
const UNSAFE = ['authentication_required', 'csrf'] as const;

/** Search, profiles, likes, swipe game, match finder, chat and the member's own photos. */
export const MEMBER_OPERATIONS: Operation[] = [
  {
    method: 'get', path: '/api/featured.php', operationId: 'featured', tag: 'members', auth: 'optional',
    summary: 'The home page\'s sample of profiles (filters only where visitors may search)',
    query: FeaturedQuerySchema,
    responses: { 200: { description: 'Profiles.', schema: FeaturedResponseSchema } },
    errors: { 400: ['validation_failed'] },
    contract: { query: { gender: 'female', min_age: '18', max_age: '60' } },
  },
  {
    method: 'get', path: '/api/search.php', operationId: 'search', tag: 'members', auth: 'optional',
    summary: 'Search profiles (pages of 24, counted up to 960)',
    query: SearchQuerySchema,
    responses: { 200: { description: 'One page of results, and similar profiles when few match.', schema: SearchResponseSchema } },
    errors: { 400: ['validation_failed'], 403: ['login_required'] },
    contract: { as: 'premium', query: { gender: 'female' }, capture: { profile: 'results.0.id', profile2: 'results.1.id' } },
  },
  {
    method: 'get', path: '/api/profile.php', operationId: 'profile', tag: 'members', auth: 'optional',
    summary: 'One profile as the viewer may see it, with related profiles',
    query: ProfileQuerySchema,
    responses: { 200: { description: 'The profile.', schema: ProfileResponseSchema } },
    errors: { 400: ['validation_failed'], 404: ['profile_not_found'] },
    contract: { as: 'premium', stage: 1.5, query: { id: '$profile' } },
  },
  {
    method: 'get', path: '/api/my-profile.php', operationId: 'myProfile', tag: 'members', auth: 'member',
    summary: 'The member\'s own profile as /profile edits it',
    responses: { 200: { description: 'The profile.', schema: z.object({ profile: MY_PROFILE }) } },
    errors: { 403: MEMBER, 404: ['profile_not_found'] },
    contract: { as: 'premium', capture: { my_profile: 'profile' } },
  },
  {
    method: 'put', path: '/api/my-profile.php', operationId: 'saveMyProfile', tag: 'members', auth: 'member',
    summary: 'Save the member\'s own profile',
    body: { schema: MY_PROFILE },
    responses: { 200: { description: 'The profile as saved.', schema: z.object({ profile: MY_PROFILE }) } },
    errors: { 400: ['validation_failed'], 403: UNSAFE },
    contract: { as: 'premium', stage: 2, body: '$my_profile' },
  },
  {
    method: 'get', path: '/api/likes.php', operationId: 'likes', tag: 'likes', auth: 'member',
    summary: 'Likes received (new first), given, and matches',
    responses: { 200: { description: 'The lists.', schema: LikesResponseSchema } },
    errors: { 403: MEMBER },
    contract: { as: 'premium' },
  },
  {
    method: 'post', path: '/api/likes.php', operationId: 'like', tag: 'likes', auth: 'member',
    summary: 'Like a profile; says whether it is a match',
    body: { schema: LikeSchema },
    responses: { 200: { description: 'Liked.', schema: LikeResultSchema } },
    errors: { 400: ['validation_failed', 'own_profile'], 403: UNSAFE, 404: ['profile_not_found'] },
    contract: { as: 'premium', stage: 2, body: { profile_id: '$profile' } },
  },
  {
    method: 'delete', path: '/api/likes.php', operationId: 'unlike', tag: 'likes', auth: 'member',
    summary: 'Take a like back',
    body: { schema: ProfileIdSchema },
    responses: { 200: { description: 'Unliked.', schema: LikeResultSchema } },
    errors: { 400: ['validation_failed', 'own_profile'], 403: UNSAFE, 404: ['profile_not_found'] },
    contract: { as: 'premium', stage: 2.5, body: { profile_id: '$profile' } },
  },
  {
    method: 'get', path: '/api/auto-like.php', operationId: 'autoLike', tag: 'likes', auth: 'member',
    summary: 'A profile that liked the member and is still new to them (the match modal), or null',
    responses: { 200: { description: 'The profile or null.', schema: AutoLikeResponseSchema } },
    errors: { 403: MEMBER },
    contract: { as: 'free' },
  },
  {
    method: 'post', path: '/api/block.php', operationId: 'block', tag: 'likes', auth: 'member',
    summary: 'Block a profile',
    body: { schema: ProfileIdSchema },
    responses: { 200: { description: 'Blocked.', schema: z.object({ blocked: z.literal(true) }) } },
    errors: { 400: ['validation_failed', 'own_profile'], 403: UNSAFE, 404: ['profile_not_found'] },
    contract: { as: 'premium', stage: 3, body: { profile_id: '$profile2' } },
  },
  {
    method: 'delete', path: '/api/block.php', operationId: 'unblock', tag: 'likes', auth: 'member',
    summary: 'Unblock a profile',
    body: { schema: ProfileIdSchema },
    responses: { 200: { description: 'Unblocked.', schema: z.object({ blocked: z.literal(false) }) } },
    errors: { 400: ['validation_failed'], 403: UNSAFE },
    contract: { as: 'premium', stage: 3.5, body: { profile_id: '$profile2' } },
  },
  {
    method: 'get', path: '/api/swipe.php', operationId: 'swipeStack', tag: 'likes', auth: 'member',
    summary: 'The swipe game\'s next cards and today\'s likes left (null: no limit)',
    responses: { 200: { description: 'The stack.', schema: SwipeStackSchema } },
    errors: { 403: MEMBER },
    contract: { as: 'free' },
  },
  {
    method: 'post', path: '/api/swipe.php', operationId: 'swipe', tag: 'likes', auth: 'member',
    summary: 'Like or pass a card (free members: 4 likes a day)',
    body: { schema: SwipeSchema },
    responses: { 200: { description: 'Done.', schema: SwipeResultSchema } },
    errors: { 400: ['validation_failed', 'own_profile'], 403: UNSAFE, 404: ['profile_not_found'], 429: ['swipe_limit'] },
    contract: { as: 'premium', stage: 2, body: { profile_id: '$profile2', action: 'pass' } },
  },
  {
    method: 'get', path: '/api/match-finder.php', operationId: 'matchFinder', tag: 'likes', auth: 'member',
    summary: 'Profiles ranked by shared interests',
    query: MatchFinderQuerySchema,
    responses: { 200: { description: 'Profiles with the interests they share.', schema: MatchFinderResponseSchema } },
    errors: { 400: ['validation_failed'], 403: MEMBER },
    contract: { as: 'premium', query: { gender: 'female', min_age: '18', max_age: '99' } },
  },
  {
    method: 'get', path: '/api/chats.php', operationId: 'chats', tag: 'chat', auth: 'member',
    summary: 'The member\'s conversations (SPEC.md §7) and the new-likes count',
    responses: { 200: { description: 'Conversations, newest first.', schema: ChatsResponseSchema } },
    errors: { 403: MEMBER },
    contract: { as: 'premium' },
  },
  {
    method: 'get', path: '/api/chat.php', operationId: 'chat', tag: 'chat', auth: 'member',
    summary: 'A conversation\'s messages (?id=, ?before=), or a profile not yet written to (?profile=)',
    query: ChatQuerySchema,
    responses: { 200: { description: 'The conversation.', schema: ChatResponseSchema } },
    errors: { 400: ['validation_failed'], 403: MEMBER, 404: ['conversation_not_found', 'profile_unavailable'] },
    contract: { as: 'premium', stage: 2.5, query: { id: '$conversation' } },
  },
  {
    method: 'post', path: '/api/chat.php', operationId: 'sendMessage', tag: 'chat', auth: 'member',
    summary: 'Send a text, gift or photo (costs the brand\'s credits; a repeated Idempotency-Key is the same send)',
    headers: z.object({ 'idempotency-key': ClientKeySchema }),
    body: { schema: SEND },
    responses: {
      201: { description: 'Sent and paid.', schema: SendResponseSchema },
      200: { description: 'The same key again: the first send, not charged again.', schema: SendResponseSchema },
    },
    errors: {
      400: ['validation_failed'], 402: ['insufficient_credits'], 403: ['authentication_required', 'csrf', 'conversation_limit', 'email_unconfirmed'],
      404: ['conversation_not_found', 'profile_unavailable'], 409: ['idempotency_conflict'],
    },
    contract: {
      as: 'premium', stage: 2, headers: { 'Idempotency-Key': 'contract-$run' },
      body: { to: { profile_id: '$profile' }, kind: 'text', text: 'Hallo from the contract suite' }, capture: { conversation: 'conversation.id' },
    },
  },
  {
    method: 'put', path: '/api/chat.php', operationId: 'markRead', tag: 'chat', auth: 'member',
    summary: 'Mark a conversation read',
    body: { schema: ConversationRefSchema },
    responses: { 200: { description: 'Read.', schema: OkSchema } },
    errors: { 400: ['validation_failed'], 403: UNSAFE, 404: ['conversation_not_found'] },
    contract: { as: 'premium', stage: 2.5, body: { conversation: { id: '$conversation' } } },
  },
  {
    method: 'delete', path: '/api/chat.php', operationId: 'deleteChat', tag: 'chat', auth: 'member',
    summary: 'Remove a conversation from the member\'s list (SPEC.md §7)',
    body: { schema: ConversationRefSchema },
    responses: { 200: { description: 'Removed.', schema: OkSchema } },
    errors: { 400: ['validation_failed'], 403: UNSAFE, 404: ['conversation_not_found'] },
    contract: { as: 'premium', stage: 4, body: { conversation: { id: '$conversation' } } },
  },
  {
    method: 'get', path: '/api/live.php', operationId: 'live', tag: 'chat', auth: 'member',
    summary: 'The live WebSocket (messages, likes, matches, credits); same origin only',
    responses: { 101: { description: 'Switching to the WebSocket.', empty: true } },
    errors: { 403: ['authentication_required', 'csrf'], 426: ['upgrade_required'] },
    contract: { as: 'premium', expect: [426], note: 'A plain HTTP request, without Upgrade: websocket.' },
  },
  {
    method: 'get', path: '/api/photos.php', operationId: 'photos', tag: 'photos', auth: 'member',
    summary: 'The member\'s own photos and their limit',
    responses: { 200: { description: 'The photos.', schema: PhotosResponseSchema } },
    errors: { 403: MEMBER },
    contract: { as: 'premium', capture: { photo: 'photos.0.id' } },
  },
  {
    method: 'post', path: '/api/photos.php', operationId: 'uploadPhoto', tag: 'photos', auth: 'member',
    summary: 'Upload a photo (multipart field photo; JPEG, PNG or WebP; it waits for moderation)',
    body: { schema: z.object({ photo: z.string().meta({ format: 'binary' }) }), type: 'multipart' },
    responses: { 201: { description: 'Stored; `uploaded` is its id.', schema: PhotosResponseSchema } },
    errors: {
      400: ['photo_missing'], 403: UNSAFE, 409: ['photo_limit'], 413: ['photo_too_large'], 415: ['photo_type'],
      422: ['photo_unreadable', 'photo_dimensions', 'photo_too_small'], 429: ['rate_limited'],
    },
    contract: { as: 'premium', stage: 2, upload: 'photo', capture: { uploaded: 'uploaded' } },
  },
  {
    method: 'put', path: '/api/photos.php', operationId: 'updatePhotos', tag: 'photos', auth: 'member',
    summary: 'Make a photo the main one, private or public, or reorder them',
    body: { schema: PhotoUpdateSchema },
    responses: { 200: { description: 'The photos.', schema: PhotosResponseSchema } },
    errors: { 400: ['validation_failed', 'photo_order'], 403: UNSAFE, 404: ['photo_not_found'], 409: ['photo_rejected', 'photo_private'] },
    contract: { as: 'premium', stage: 2, body: { action: 'main', id: '$photo' } },
  },
  {
    method: 'delete', path: '/api/photos.php', operationId: 'deletePhoto', tag: 'photos', auth: 'member',
    summary: 'Delete a photo',
    body: { schema: PhotoDeleteSchema },
    responses: { 200: { description: 'The photos left.', schema: PhotosResponseSchema } },
    errors: { 400: ['validation_failed'], 403: UNSAFE, 404: ['photo_not_found'] },
    contract: { as: 'premium', stage: 2.5, body: { id: '$uploaded' } },
  },
];
