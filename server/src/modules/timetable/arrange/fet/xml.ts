/**
 * A small XML reader for FET files. FET writes plain XML (elements, a few attributes, text with the five
 * predefined entities and numeric references, the odd comment); no XML package is a server dependency, and
 * this reader is enough for that subset. It is strict about structure (mismatched tags throw) so that a
 * damaged file is refused rather than half read.
 */

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (concatenated, entities decoded, not trimmed). */
  text: string;
}

export class XmlError extends Error {}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeEntities(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);/g, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[body] ?? whole;
  });
}

const NAME_END = /[\s/>=]/;

export function parseXml(source: string): XmlElement {
  let pos = source.charCodeAt(0) === 0xfeff ? 1 : 0;
  const length = source.length;
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];

  const fail = (message: string): never => {
    const line = source.slice(0, pos).split('\n').length;
    throw new XmlError(`${message} (line ${line})`);
  };

  while (pos < length) {
    const lt = source.indexOf('<', pos);
    const textEnd = lt < 0 ? length : lt;
    if (textEnd > pos) {
      const top = stack[stack.length - 1];
      if (top !== root) top.text += decodeEntities(source.slice(pos, textEnd));
      else if (source.slice(pos, textEnd).trim() !== '') fail('Text outside the root element');
    }
    if (lt < 0) break;
    pos = lt;
    if (source.startsWith('<!--', pos)) {
      const end = source.indexOf('-->', pos + 4);
      if (end < 0) fail('Unterminated comment');
      pos = end + 3;
    } else if (source.startsWith('<![CDATA[', pos)) {
      const end = source.indexOf(']]>', pos + 9);
      if (end < 0) fail('Unterminated CDATA section');
      stack[stack.length - 1].text += source.slice(pos + 9, end);
      pos = end + 3;
    } else if (source.startsWith('<?', pos)) {
      const end = source.indexOf('?>', pos + 2);
      if (end < 0) fail('Unterminated processing instruction');
      pos = end + 2;
    } else if (source.startsWith('<!', pos)) {
      // A DOCTYPE (FET writes none); internal subsets with brackets are not supported.
      const end = source.indexOf('>', pos + 2);
      if (end < 0) fail('Unterminated declaration');
      pos = end + 1;
    } else if (source[pos + 1] === '/') {
      const end = source.indexOf('>', pos + 2);
      if (end < 0) fail('Unterminated end tag');
      const name = source.slice(pos + 2, end).trim();
      const top = stack.pop();
      if (!top || top === root || top.name !== name) fail(`Unexpected </${name}>`);
      pos = end + 1;
    } else {
      pos += 1;
      let nameEnd = pos;
      while (nameEnd < length && !NAME_END.test(source[nameEnd])) nameEnd += 1;
      const name = source.slice(pos, nameEnd);
      if (name === '') fail('Empty tag name');
      const element: XmlElement = { name, attributes: {}, children: [], text: '' };
      pos = nameEnd;
      let selfClosing = false;
      for (;;) {
        while (pos < length && /\s/.test(source[pos])) pos += 1;
        if (pos >= length) fail(`Unterminated tag <${name}>`);
        if (source[pos] === '>') { pos += 1; break; }
        if (source[pos] === '/' && source[pos + 1] === '>') { pos += 2; selfClosing = true; break; }
        let attrEnd = pos;
        while (attrEnd < length && !NAME_END.test(source[attrEnd])) attrEnd += 1;
        const attrName = source.slice(pos, attrEnd);
        pos = attrEnd;
        while (pos < length && /\s/.test(source[pos])) pos += 1;
        if (source[pos] !== '=' || attrName === '') fail(`Malformed attribute in <${name}>`);
        pos += 1;
        while (pos < length && /\s/.test(source[pos])) pos += 1;
        const quote = source[pos];
        if (quote !== '"' && quote !== "'") fail(`Unquoted attribute in <${name}>`);
        const valueEnd = source.indexOf(quote, pos + 1);
        if (valueEnd < 0) fail(`Unterminated attribute in <${name}>`);
        element.attributes[attrName] = decodeEntities(source.slice(pos + 1, valueEnd));
        pos = valueEnd + 1;
      }
      stack[stack.length - 1].children.push(element);
      if (!selfClosing) stack.push(element);
    }
  }
  if (stack.length !== 1) fail(`Unclosed <${stack[stack.length - 1].name}>`);
  const elements = root.children;
  if (elements.length !== 1) fail('Expected exactly one root element');
  return elements[0];
}

/** The first child called `name`, if any. */
export function child(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((c) => c.name === name);
}

export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((c) => c.name === name);
}

/** The trimmed text of the first child called `name` ('' when absent). */
export function childText(element: XmlElement, name: string): string {
  return child(element, name)?.text.trim() ?? '';
}
