/**
 * Characters that may not be in a one-line value (a name, a brand's mail name): the C0 and C1 controls (CR, LF, tab,
 * NUL, NEL...) and Unicode's line and paragraph separators. Such a value can end up in a mail header (a notification
 * mail's subject names who wrote), where a line break would start a header of its own (issue 42).
 */
const NOT_ONE_LINE = /[\p{Cc}\u2028\u2029]+/gu;

/** Whether `value` can go into a header as it is. */
export const isOneLine = (value: string): boolean => value.search(NOT_ONE_LINE) === -1;

/** `value` with every such character (and runs of them) turned into one space: for headers built from stored data. */
export const toOneLine = (value: string): string => value.replace(NOT_ONE_LINE, ' ');
