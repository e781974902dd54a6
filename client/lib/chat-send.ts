import type { BodyInputOf } from '../../core/contract/operation';
import type { OperationAt } from '../../core/contract/operations';
import { type AnswerOf, apiSend } from '../api/typed-fetch';
import { ApiError } from '../api/fetch-client';
import { sendOverLive } from './live-socket';

/** POST /api/chat.php's body, as the contract takes it. */
export type ChatSend = BodyInputOf<OperationAt<'post', '/api/chat.php'>>;

/**
 * Sends a chat message (POST /api/chat.php's body) under the tab's idempotency key: over the open live socket, which
 * saves a request per message, else by POST. A send the socket could not finish (it went down, the hub did not
 * answer in time, or failed on the server's side) is posted with the same key, so it is stored and charged once
 * whichever way arrived first. A session that ended is answered by the POST too, which tells the app.
 */
export async function sendChatMessage(body: ChatSend, key: string): Promise<AnswerOf<'post', '/api/chat.php'>> {
  const answer = await sendOverLive(key, body)?.catch(() => null);
  if (answer && !('error' in answer.body)) return answer.body;
  if (answer && 'error' in answer.body && answer.status < 500 && answer.body.error.code !== 'authentication_required') {
    const { code, message, fields } = answer.body.error;
    throw new ApiError(answer.status, code, message, fields);
  }
  return apiSend('post', '/api/chat.php', body, { idempotencyKey: key });
}
