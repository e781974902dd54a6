// A brand's news (issue 46): what a push shows of it, and how the sending is cut into queue messages. The workspace's
// preview and the worker's sending read the same rule, so the preview shows what members get.

/** A push notification shows this much of the text; longer texts end in an ellipsis. */
export const NEWS_PUSH_LENGTH = 140;

/** Members per queue message: each is mailed and pushed by one consumer run (worker/staff/news/news-queue.ts). */
export const NEWS_BATCH_SIZE = 100;

/** The push's body: the text on one line (a notification shows no paragraphs), cut at NEWS_PUSH_LENGTH. */
export function newsPushBody(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > NEWS_PUSH_LENGTH ? `${line.slice(0, NEWS_PUSH_LENGTH - 1).trimEnd()}…` : line;
}

/** A text's paragraphs (split at blank lines), each a list of its lines: how a mail's body and the news preview show it. */
export function paragraphsOf(text: string): string[][] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((p) =>
      p
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .filter((lines) => lines.length > 0);
}
