import postcss, { type AtRule, type ChildNode, type Rule } from 'postcss';

/**
 * One rule of the app's stylesheet, as a page picks the rules its HTML uses (worker/ssr/critical-css.ts): its text
 * (wrapped in its @media or @supports) and the classes its selectors name. A rule that applies without any class
 * (`*`, `body`, `:root`, a keyframe) has none and is always taken.
 */
export interface StyleRule {
  css: string;
  classes: string[];
}

/**
 * Splits a stylesheet into rules in their order, so a subset keeps the cascade of the whole. A selector list is
 * keyed by the classes of all its selectors; one selector without a class makes the rule apply to every page.
 */
export function styleRules(css: string): StyleRule[] {
  const out: StyleRule[] = [];
  const visit = (node: ChildNode, wrap: (text: string) => string) => {
    if (node.type === 'rule') {
      out.push({ css: wrap(node.toString()), classes: selectorClasses(node) });
    } else if (node.type === 'atrule' && isConditional(node)) {
      const inner = (text: string) => wrap(`@${node.name} ${node.params}{${text}}`);
      node.each((child) => visit(child, inner));
    } else if (node.type === 'atrule') {
      // @keyframes, @font-face, @property, @layer statements: small, and named by no class; kept whole.
      out.push({ css: wrap(node.toString()), classes: [] });
    }
  };
  postcss.parse(css).each((node) => visit(node, (text) => text));
  return out;
}

function isConditional(node: AtRule): boolean {
  return node.name === 'media' || node.name === 'supports';
}

function selectorClasses(rule: Rule): string[] {
  const classes = new Set<string>();
  for (const selector of rule.selectors) {
    const found = [...selector.matchAll(CLASS)].map((m) => unescapeCss(m[1]));
    // A selector that names no class (`*`, `body`, `.field select`'s element part aside) applies to any page.
    if (found.length === 0) return [];
    for (const name of found) classes.add(name);
  }
  return [...classes];
}

/** A class selector: a dot, then an identifier with CSS escapes (`.hover\:bg-gray-100`, `.\31 0`). */
const CLASS = /\.((?:\\[0-9a-fA-F]{1,6}\s?|\\[^0-9a-fA-F]|[\w-]|\P{ASCII})+)/gu;

/** The class as it stands in the HTML's class attribute: `hover\:bg-gray-100` is `hover:bg-gray-100`. */
export function unescapeCss(identifier: string): string {
  return identifier.replace(/\\([0-9a-fA-F]{1,6})\s?|\\(.)/g, (_, hex: string | undefined, char: string | undefined) =>
    hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : (char ?? ''),
  );
}
