/**
 * A small, forgiving XML reader for package manifests (imsmanifest.xml, tincan.xml). It builds a
 * tree of elements with their attributes and text; names are kept without their namespace prefix
 * and compared case-insensitively, because manifests in the wild mix `adlcp:scormtype`,
 * `adlcp:scormType` and unprefixed forms. It never resolves entities beyond the predefined and
 * numeric ones, so no external entity or DOCTYPE trick can make it read anything.
 */
export type XmlElement = {
  /** Local name, lower case ("resource" for <imscp:resource>). */
  name: string;
  /** Attributes by lower-case name as written ("adlcp:scormtype", "xml:base", "href"). */
  attrs: Map<string, string>;
  children: XmlElement[];
  text: string;
};

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#")) {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const localName = (qualified: string): string => {
  const colon = qualified.lastIndexOf(":");
  return (colon >= 0 ? qualified.slice(colon + 1) : qualified).toLowerCase();
};

const TAG = /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[A-Za-z_][\w:.-]*\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;
const ATTR = /([A-Za-z_][\w:.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** Where a `<?...?>` or `<!...>` declaration starting at `from` ends (an internal DTD subset's brackets included). */
function skipDeclaration(text: string, from: number): number {
  let depth = 0;
  for (let j = from + 2; j < text.length; j++) {
    const ch = text[j];
    if (ch === "[") depth++;
    else if (ch === "]") depth = Math.max(0, depth - 1);
    else if (ch === ">" && depth === 0) return j + 1;
  }
  return text.length;
}

/** Parses a document; malformed parts are skipped rather than refused (manifests are often sloppy). */
export function parseXml(source: string): XmlElement {
  const root: XmlElement = { name: "#document", attrs: new Map(), children: [], text: "" };
  const stack: XmlElement[] = [root];
  const text = source.replace(/^\uFEFF/, "");
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf("<", i);
    const current = stack[stack.length - 1] ?? root;
    if (lt < 0) {
      current.text += decodeEntities(text.slice(i));
      break;
    }
    if (lt > i) current.text += decodeEntities(text.slice(i, lt));
    if (text.startsWith("<!--", lt)) {
      const end = text.indexOf("-->", lt + 4);
      i = end < 0 ? text.length : end + 3;
      continue;
    }
    if (text.startsWith("<![CDATA[", lt)) {
      const end = text.indexOf("]]>", lt + 9);
      current.text += text.slice(lt + 9, end < 0 ? text.length : end);
      i = end < 0 ? text.length : end + 3;
      continue;
    }
    if (text.startsWith("<?", lt) || text.startsWith("<!", lt)) {
      // Processing instructions and DOCTYPE (internal subsets included) are skipped, never resolved.
      const end = skipDeclaration(text, lt);
      i = end;
      continue;
    }
    TAG.lastIndex = lt;
    const match = TAG.exec(text);
    if (!match) {
      current.text += "<";
      i = lt + 1;
      continue;
    }
    i = TAG.lastIndex;
    const [, closing, qualified = "", attrText = "", selfClosing] = match;
    const name = localName(qualified);
    if (closing) {
      // Pop to the matching open element; a stray closing tag is ignored.
      const at = stack.map((e) => e.name).lastIndexOf(name);
      if (at > 0) stack.length = at;
      continue;
    }
    const attrs = new Map<string, string>();
    for (const a of attrText.matchAll(ATTR)) {
      const attrName = a[1];
      if (attrName) attrs.set(attrName.toLowerCase(), decodeEntities(a[2] ?? a[3] ?? ""));
    }
    const element: XmlElement = { name, attrs, children: [], text: "" };
    current.children.push(element);
    if (!selfClosing) stack.push(element);
  }
  return root;
}

/** An attribute by local name, whatever its prefix ("scormtype" finds adlcp:scormType). */
export function attr(element: XmlElement, name: string): string | undefined {
  const wanted = name.toLowerCase();
  const exact = element.attrs.get(wanted);
  if (exact !== undefined) return exact;
  for (const [key, value] of element.attrs) if (localName(key) === wanted) return value;
  return undefined;
}

/** Every descendant element with this local name, in document order. */
export function descendants(element: XmlElement, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (e: XmlElement): void => {
    for (const child of e.children) {
      if (child.name === name) out.push(child);
      walk(child);
    }
  };
  walk(element);
  return out;
}

export const firstDescendant = (element: XmlElement, name: string): XmlElement | undefined => descendants(element, name)[0];

export const childrenNamed = (element: XmlElement, name: string): XmlElement[] => element.children.filter((c) => c.name === name);

/** The text of an element and its descendants, trimmed (<title><langstring>..</langstring></title>). */
export function textOf(element: XmlElement | undefined): string {
  if (!element) return "";
  const parts: string[] = [];
  const walk = (e: XmlElement): void => {
    parts.push(e.text);
    e.children.forEach(walk);
  };
  walk(element);
  return parts.join("").replace(/\s+/g, " ").trim();
}
