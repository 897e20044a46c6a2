/**
 * jsdom answers getComputedStyle by testing every rule of every style sheet against the element, and Ant
 * Design's CSS-in-JS puts some 1,500 rules in the document: Testing Library's role queries (visibility of
 * each element), the popups' scroll-parent search and the form items' measuring made getComputedStyle most
 * of a page test's time. A browser skips a rule whose rightmost part names a class the element lacks; this
 * does the same in front of jsdom's own selector check (which only the style cascade calls), so every rule
 * that could match is still tested by jsdom and the computed styles stay exactly what they were.
 */

type Check = (selector: string, element: unknown, options?: unknown) => { match: boolean; pseudoElement?: unknown };

/** For each alternative of a selector list, the classes its rightmost compound requires outright; null: cannot tell. */
function requiredClasses(selector: string): string[][] | null {
  const alternatives: string[][] = [];
  let depth = 0;
  let quote = '';
  let classes: string[] = [];
  for (let i = 0; i < selector.length; i += 1) {
    const char = selector[i]!;
    if (quote) {
      if (char === '\\') i += 1;
      else if (char === quote) quote = '';
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if (char === '\\') return null;
    else if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (depth > 0) continue;
    else if (char === ',') {
      alternatives.push(classes);
      classes = [];
    } else if (char === ' ' || char === '>' || char === '+' || char === '~' || char === '\n' || char === '\t') {
      // A combinator: what stood before belongs to an ancestor or sibling, not to the element itself.
      classes = [];
    } else if (char === '.') {
      let end = i + 1;
      while (end < selector.length && /[\w-]/.test(selector[end]!)) end += 1;
      if (end < selector.length && selector[end] === '\\') return null;
      if (end > i + 1) classes.push(selector.slice(i + 1, end));
      i = end - 1;
    }
  }
  if (depth !== 0 || quote) return null;
  alternatives.push(classes);
  return alternatives;
}

const parsed = new Map<string, string[][] | null>();
const classSets = new Map<string, Set<string>>();

function classesOf(value: string): Set<string> {
  let set = classSets.get(value);
  if (!set) {
    set = new Set(value.split(/\s+/).filter(Boolean));
    if (classSets.size > 5000) classSets.clear();
    classSets.set(value, set);
  }
  return set;
}

function cannotMatch(selector: string, element: { getAttributeNS?: (ns: null, name: string) => string | null }): boolean {
  let alternatives = parsed.get(selector);
  if (alternatives === undefined) {
    alternatives = requiredClasses(selector);
    parsed.set(selector, alternatives);
  }
  if (!alternatives || typeof element.getAttributeNS !== 'function') return false;
  const own = classesOf(element.getAttributeNS(null, 'class') ?? '');
  return alternatives.every((required) => required.some((name) => !own.has(name)));
}

export function speedUpStyleRules(document: Document): void {
  const implSymbol = Object.getOwnPropertySymbols(document).find((symbol) => symbol.description === 'impl');
  const impl = implSymbol ? (document as unknown as Record<symbol, { _domSelector?: { check?: Check } }>)[implSymbol] : undefined;
  const domSelector = impl?._domSelector;
  if (!domSelector || typeof domSelector.check !== 'function') return;
  const check = domSelector.check.bind(domSelector);
  domSelector.check = (selector, element, options) =>
    cannotMatch(selector, element as { getAttributeNS?: (ns: null, name: string) => string | null }) ? { match: false } : check(selector, element, options);
}
