// @ts-check
/**
 * A Stryker ignore-plugin (stryker.config.mjs, `ignorers: ['data-tables']`): a top-level constant
 * that is a text (a string, a template of constants) or a literal table holding text, an object
 * or array whose every value is a literal, a template of constants or another such table
 * (messages, labels, page titles, slugs, the nationality list), is data, not a rule: mutating its
 * words only asks a test to copy them.
 * Its mutants are reported as Ignored, with the reason. Tables without text (numbers, the
 * filters' empty lists), functions, regular expressions, `new Set([...])` and computed lists
 * (`.flatMap`, spreads) are not data tables: they stay mutated.
 */
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

/** @param {any} node */
function unwrap(node) {
  while (node && ['TSAsExpression', 'TSSatisfiesExpression', 'TSTypeAssertion'].includes(node.type))
    node = node.expression;
  return node;
}

/** @param {any} node @returns {boolean} */
function isLeaf(node) {
  switch (node?.type) {
    case 'StringLiteral':
    case 'NumericLiteral':
    case 'BooleanLiteral':
    case 'NullLiteral':
    case 'Identifier':
      return true;
    case 'MemberExpression':
      return isLeaf(node.object) && (!node.computed || isLeaf(node.property));
    case 'TemplateLiteral':
      return node.expressions.every(isLeaf);
    case 'UnaryExpression':
      return node.operator === '-' && node.argument.type === 'NumericLiteral';
    case 'BinaryExpression':
      return isLeaf(node.left) && isLeaf(node.right);
    default:
      return false;
  }
}

/** @param {any} node @returns {boolean} */
function isTable(node) {
  node = unwrap(node);
  if (node?.type === 'ArrayExpression') return node.elements.every((e) => isLeaf(e) || isTable(e));
  if (node?.type === 'ObjectExpression')
    return node.properties.every((p) => p.type === 'ObjectProperty' && (isLeaf(p.value) || isTable(p.value)));
  return false;
}

/** @param {any} node @returns {boolean} */
function hasText(node) {
  node = unwrap(node);
  if (node?.type === 'StringLiteral' || node?.type === 'TemplateLiteral') return true;
  if (node?.type === 'ArrayExpression') return node.elements.some(hasText);
  if (node?.type === 'ObjectExpression') return node.properties.some((p) => hasText(p.value));
  return false;
}

/** @param {any} path */
function isTopLevelTable(path) {
  if (!path.isVariableDeclarator()) return false;
  const declaration = path.parentPath;
  const owner = declaration?.parentPath;
  const topLevel = owner?.isProgram() || (owner?.isExportNamedDeclaration() && owner.parentPath?.isProgram());
  if (!topLevel || declaration.node.kind !== 'const') return false;
  const init = unwrap(path.node.init);
  const text = init?.type === 'StringLiteral' || (init?.type === 'TemplateLiteral' && isLeaf(init));
  return text || (isTable(init) && hasText(init));
}

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'data-tables', {
    shouldIgnore: (path) =>
      isTopLevelTable(path) ? 'A text or a literal table of texts: data, not a rule' : undefined,
  }),
];
