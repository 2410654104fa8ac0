import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The words of each UI language, read from the source the way the app writes them: every
 * `t('Spanish', 'English')` call in web/src (template parts included, `${…}` left out). A word
 * only one side uses is a word of that language alone: seen on the other language's screen, it
 * is a leftover. The raw codes are the API's enum values, read from the generated sdk/src/schema.d.ts.
 */
const WEB_SRC = path.resolve('web/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** The literal text of a string argument; null for anything computed. */
function literalText(node: ts.Expression): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
  return null;
}

interface TranslationPair {
  es: string;
  en: string;
  where: string;
}

function translationPairs(): TranslationPair[] {
  const pairs: TranslationPair[] = [];
  for (const file of sourceFiles(WEB_SRC)) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 't' &&
        node.arguments.length === 2
      ) {
        const es = literalText(node.arguments[0]!);
        const en = literalText(node.arguments[1]!);
        if (es !== null && en !== null) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart());
          pairs.push({ es, en, where: `${path.relative(WEB_SRC, file)}:${line + 1}` });
        }
      }
      // The labels module's tables: `CODE: ['Spanish', 'English']`.
      if (
        ts.isArrayLiteralExpression(node) &&
        node.elements.length === 2 &&
        ts.isPropertyAssignment(node.parent) &&
        node.elements.every((e) => ts.isStringLiteral(e))
      ) {
        const [es, en] = node.elements as unknown as ts.StringLiteral[];
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        pairs.push({ es: es!.text, en: en!.text, where: `${path.relative(WEB_SRC, file)}:${line + 1}` });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return pairs;
}

export function wordsOf(text: string): string[] {
  return (text.match(/\p{L}+/gu) ?? []).map((w) => w.toLowerCase());
}

/** Words only the English side uses (`enOnly`), and only the Spanish side (`esOnly`). */
export function languageWords(): { enOnly: Set<string>; esOnly: Set<string>; pairs: number } {
  const pairs = translationPairs();
  const es = new Set(pairs.flatMap((p) => wordsOf(p.es)));
  const en = new Set(pairs.flatMap((p) => wordsOf(p.en)));
  const enOnly = new Set([...en].filter((w) => !es.has(w) && w.length > 1));
  const esOnly = new Set([...es].filter((w) => !en.has(w) && w.length > 1));
  return { enOnly, esOnly, pairs: pairs.length };
}

/**
 * Every enum value of the API (`"PENDING_PAYMENT" | "ACTIVE"`, `"documents:read"`) from the
 * generated types: what a page would show if it printed a code instead of its label.
 */
export function apiEnumCodes(): Set<string> {
  const types = readFileSync(path.resolve('sdk/src/schema.d.ts'), 'utf8');
  const codes = new Set<string>();
  for (const union of types.match(/"[^"\n]+"(?:\s*\|\s*"[^"\n]+")+/g) ?? []) {
    for (const m of union.matchAll(/"([^"\n]+)"/g)) {
      const v = m[1]!;
      if (CODE_SHAPE.test(v) && !HTTP_METHODS.has(v)) codes.add(v);
    }
  }
  return codes;
}

/** HTTP's own words (the request log's method filter, "a signed POST"): no code of ours. */
const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The codes the labels module names (`PENDING_PAYMENT: [...]`, `'documents:read': [...]`). */
export function labelCodes(): Set<string> {
  const source = readFileSync(path.join(WEB_SRC, 'labels.ts'), 'utf8');
  const codes = new Set<string>();
  for (const m of source.matchAll(/^\s+'?([A-Za-z_:]+)'?: \[/gm)) codes.add(m[1]!);
  return codes;
}

/** What a code looks like on screen: SHOUTING_SNAKE, a long all-caps word, or a scope. */
export const CODE_SHAPE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$|^[A-Z]{4,}$|^[a-z]+:[a-z]+$/;
