import { XMLParser } from 'fast-xml-parser';

/**
 * An ATS element: a leaf with its text, or a block with its children in schema order. Rows are
 * built as trees, checked (ats-checks.ts) and written one at a time, so a month of rows never
 * needs to be in memory as one document.
 */
export interface AtsNode {
  name: string;
  value?: string;
  children?: AtsNode[];
}

export const leaf = (name: string, value: string): AtsNode => ({ name, value });
export const block = (name: string, children: AtsNode[]): AtsNode => ({ name, children });

/** The value of a direct child leaf, if present. */
export function childValue(node: AtsNode, name: string): string | undefined {
  return node.children?.find((c) => c.name === name)?.value;
}

export function childBlock(node: AtsNode, name: string): AtsNode | undefined {
  return node.children?.find((c) => c.name === name && c.children !== undefined);
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The element as indented XML (four spaces a level), ending with a line break. */
export function writeNode(node: AtsNode, depth = 0): string {
  const pad = '    '.repeat(depth);
  if (node.children === undefined)
    return `${pad}<${node.name}>${escapeText(node.value ?? '')}</${node.name}>\n`;
  let out = `${pad}<${node.name}>\n`;
  for (const child of node.children) out += writeNode(child, depth + 1);
  return `${out}${pad}</${node.name}>\n`;
}

type Ordered = Record<string, unknown>[];

function fromOrdered(items: Ordered): AtsNode[] {
  const nodes: AtsNode[] = [];
  for (const item of items) {
    const name = Object.keys(item).find((k) => k !== ':@' && k !== '#text' && k !== '?xml');
    if (!name) continue;
    const content = item[name] as Ordered;
    const first = content[0];
    const text =
      content.length === 1 && first !== undefined && '#text' in first ? String(first['#text']) : undefined;
    nodes.push(
      text !== undefined
        ? leaf(name, text)
        : content.length === 0
          ? leaf(name, '')
          : block(name, fromOrdered(content)),
    );
  }
  return nodes;
}

/** Reads an ATS file (one the owner edited, or a sample) back into its tree, text kept as written. */
export function parseAtsXml(xml: string): AtsNode {
  const parser = new XMLParser({
    preserveOrder: true,
    parseTagValue: false,
    trimValues: true,
    ignoreDeclaration: true,
    commentPropName: '#comment',
  });
  const roots = fromOrdered(parser.parse(xml) as Ordered).filter((n) => n.name !== '#comment');
  const root = roots.find((n) => n.name === 'iva');
  if (!root) throw new Error('the file has no <iva> root element');
  return root;
}
