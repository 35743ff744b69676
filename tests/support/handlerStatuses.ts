import { resolve, sep } from 'node:path';
import ts from 'typescript';

/**
 * Every status each sandbox handler can answer, read from its code (the TypeScript compiler's
 * own syntax tree and type checker), so a test can hold every handler's answers to its
 * operation's spec without having to reach each branch with a request.
 *
 * A handler answers a `HandlerAnswer` (src/sandbox/handler.ts): an object with a `body`, and a
 * `status` (200 when it has none). The reading walks each handler of the registry
 * (`handlers`: its spreads and properties) and every function of the sandbox it calls, however
 * deep (`badRequest`, `notFound`, `registerUser`...), and takes the status of every answer
 * written there: a number, a constant, a parameter (the argument of the call that got there, or
 * its default: `badRequest(message, code, 409)`), a choice between those, or a type made of
 * number literals. What it cannot read as numbers (a status from data, `customer.fault`; an
 * answer cast from something else) is listed in `unreadable` with its place, and a test fails
 * on it: an answer the reading does not understand is never taken as declared.
 *
 * It over-reads rather than under-reads: an answer written in a helper counts for every handler
 * that calls the helper, whether or not that handler returns it.
 */
export interface HandlerStatuses {
  /** By operationId: every status its handler can answer. */
  statuses: Map<string, Set<number>>;
  /** Where a status or an answer could not be read, `file:line: words`. */
  unreadable: string[];
}

/** The keys of a `HandlerAnswer`: an object literal with only these, and a body (written or spread), is an answer. */
const ANSWER_KEYS = new Set(['status', 'body', 'headers', 'session']);

type FunctionNode = ts.FunctionDeclaration | ts.FunctionExpression | ts.ArrowFunction | ts.MethodDeclaration;

/** What a parameter was given at the call being followed, and where that argument is read. */
interface Binding {
  argument: ts.Expression | undefined;
  scope: Scope;
}
type Scope = Map<ts.Symbol, Binding>;

const isFunctionNode = (node: ts.Node | undefined): node is FunctionNode =>
  node !== undefined && (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node));

/**
 * The statuses of the handlers registered in `registry` (src/sandbox/handlers/registry.ts by
 * default), following calls into the files under `follow` (src/sandbox by default).
 */
export function handlerStatuses(registry = resolve('src/sandbox/handlers/registry.ts'), follow: string[] = [resolve('src/sandbox')]): HandlerStatuses {
  const config = ts.getParsedCommandLineOfConfigFile(resolve('tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  const program = ts.createProgram({ rootNames: [registry], options: { ...(config?.options ?? {}), noEmit: true } });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(registry);
  if (!source) throw new Error(`${registry}: not found`);
  const unreadable: string[] = [];
  const placeOf = (node: ts.Node) => {
    const file = node.getSourceFile();
    const { line } = file.getLineAndCharacterOfPosition(node.getStart());
    return `${file.fileName.replace(`${resolve('../../src/tools/replay')}${sep}`, '')}:${line + 1}`;
  };
  const followed = (node: ts.Node) => follow.some((dir) => node.getSourceFile().fileName.startsWith(dir + sep) || node.getSourceFile().fileName.startsWith(`${dir}/`));

  /** The symbol a name stands for, through imports. */
  const symbolOf = (node: ts.Node): ts.Symbol | undefined => {
    const symbol = ts.isShorthandPropertyAssignment(node) ? checker.getShorthandAssignmentValueSymbol(node) : checker.getSymbolAtLocation(node);
    return symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  };

  /** The function a callee or a value names, when it is one written in a followed file. */
  const functionOf = (node: ts.Node): FunctionNode | undefined => {
    const declaration = symbolOf(node)?.valueDeclaration;
    if (!declaration || !followed(declaration)) return undefined;
    if (isFunctionNode(declaration)) return declaration;
    if ((ts.isVariableDeclaration(declaration) || ts.isPropertyAssignment(declaration)) && isFunctionNode(unwrap(declaration.initializer))) {
      return unwrap(declaration.initializer) as FunctionNode;
    }
    return undefined;
  };

  /** An expression without parentheses, `as const`, `satisfies` or `!`. */
  function unwrap(node: ts.Expression | undefined): ts.Expression | undefined {
    let current = node;
    while (current && (ts.isParenthesizedExpression(current) || ts.isSatisfiesExpression(current) || ts.isNonNullExpression(current) || (ts.isAsExpression(current) && current.type.getText() === 'const'))) {
      current = current.expression;
    }
    return current;
  }

  /** The numbers a type stands for (`undefined` is an answer's 200), or why it stands for others. */
  const numbersOfType = (node: ts.Node): number[] | string => {
    const type = checker.getTypeAtLocation(node);
    const parts = type.isUnion() ? type.types : [type];
    const numbers: number[] = [];
    for (const part of parts) {
      if (part.isNumberLiteral()) numbers.push(part.value);
      else if (part.flags & ts.TypeFlags.Undefined) numbers.push(200);
      else return `${placeOf(node)}: the status \`${node.getText()}\` is any ${checker.typeToString(type)}, not numbers a spec can declare`;
    }
    return numbers;
  };

  /** The statuses an expression can be, in the scope of the call being followed. */
  function statusesOf(node: ts.Expression | ts.ShorthandPropertyAssignment, scope: Scope, depth = 0): number[] | string {
    if (depth > 50) return `${placeOf(node)}: the status \`${node.getText()}\` is too deep to follow`;
    if (ts.isShorthandPropertyAssignment(node)) return nameStatuses(node, scope, depth);
    const expression = unwrap(node) as ts.Expression;
    if (ts.isNumericLiteral(expression)) return [Number(expression.text)];
    if (ts.isConditionalExpression(expression)) return both(statusesOf(expression.whenTrue, scope, depth + 1), statusesOf(expression.whenFalse, scope, depth + 1));
    if (ts.isBinaryExpression(expression) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(expression.operatorToken.kind)) {
      return both(statusesOf(expression.left, scope, depth + 1), statusesOf(expression.right, scope, depth + 1));
    }
    if (ts.isIdentifier(expression)) return nameStatuses(expression, scope, depth);
    return numbersOfType(expression);
  }

  function nameStatuses(node: ts.Identifier | ts.ShorthandPropertyAssignment, scope: Scope, depth: number): number[] | string {
    const symbol = symbolOf(node);
    const declaration = symbol?.valueDeclaration;
    if (symbol && declaration && ts.isParameter(declaration)) {
      const binding = scope.get(symbol);
      if (binding?.argument) return statusesOf(binding.argument, binding.scope, depth + 1);
      if (binding && declaration.initializer) return statusesOf(declaration.initializer, scope, depth + 1);
      if (binding) return [200];
    }
    if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer && ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const) {
      return statusesOf(declaration.initializer, scope, depth + 1);
    }
    return numbersOfType(ts.isShorthandPropertyAssignment(node) ? node.name : node);
  }

  const both = (a: number[] | string, b: number[] | string) => (typeof a === 'string' ? a : typeof b === 'string' ? b : [...a, ...b]);

  /** Every status the answers written in a function (and in the sandbox's functions it calls) can have. */
  function answersOf(fn: FunctionNode, scope: Scope, stack: FunctionNode[], found: Set<number>): void {
    const visit = (node: ts.Node): void => {
      if (ts.isObjectLiteralExpression(node)) {
        const names = node.properties.map((p) => (ts.isSpreadAssignment(p) ? '...' : p.name && ts.isIdentifier(p.name) ? p.name.text : '?'));
        const keys = names.filter((n) => n !== '...');
        const spread = names.includes('...');
        // An answer's body is written, or comes with a spread answer (`{ ...badRequest(...), status: 409 }`).
        const body = keys.includes('body') || (spread && checker.getTypeAtLocation(node).getProperty('body') !== undefined);
        if (keys.every((k) => ANSWER_KEYS.has(k)) && body) {
          const status = node.properties.find((p) => !ts.isSpreadAssignment(p) && p.name && ts.isIdentifier(p.name) && p.name.text === 'status');
          if (!status) {
            if (!spread) found.add(200);
          } else {
            const statuses = ts.isShorthandPropertyAssignment(status) ? statusesOf(status, scope) : ts.isPropertyAssignment(status) ? statusesOf(status.initializer, scope) : `${placeOf(status)}: an answer's status that is not a value`;
            if (typeof statuses === 'string') unreadable.push(statuses);
            else for (const each of statuses) found.add(each);
          }
        }
      }
      if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && /\bHandlerAnswer\b/.test(node.type.getText())) {
        unreadable.push(`${placeOf(node)}: an answer cast from another value (\`${node.getText().slice(0, 60)}\`): its status cannot be read`);
      }
      if (ts.isCallExpression(node)) {
        const target = functionOf(node.expression);
        if (target && !stack.includes(target)) {
          const inner: Scope = new Map();
          target.parameters.forEach((parameter, i) => {
            const symbol = ts.isIdentifier(parameter.name) ? checker.getSymbolAtLocation(parameter.name) : undefined;
            if (symbol) inner.set(symbol, { argument: node.arguments[i], scope });
          });
          answersOf(target, inner, [...stack, target], found);
        }
      }
      ts.forEachChild(node, visit);
    };
    if (fn.body) visit(fn.body);
  }

  /** The registry's handlers: its properties, and the properties of the objects it spreads. */
  const registered = new Map<string, FunctionNode>();
  const readRegistry = (object: ts.ObjectLiteralExpression) => {
    for (const property of object.properties) {
      if (ts.isSpreadAssignment(property)) {
        const declaration = symbolOf(property.expression)?.valueDeclaration;
        const spread = declaration && ts.isVariableDeclaration(declaration) ? unwrap(declaration.initializer) : undefined;
        if (spread && ts.isObjectLiteralExpression(spread)) readRegistry(spread);
        else unreadable.push(`${placeOf(property)}: handlers spread from something that is not an object of handlers`);
        continue;
      }
      const name = property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? property.name.text : undefined;
      const fn = ts.isMethodDeclaration(property)
        ? property
        : ts.isPropertyAssignment(property)
          ? (isFunctionNode(unwrap(property.initializer)) ? (unwrap(property.initializer) as FunctionNode) : functionOf(property.initializer))
          : ts.isShorthandPropertyAssignment(property)
            ? functionOf(property)
            : undefined;
      if (name === undefined || !fn) unreadable.push(`${placeOf(property)}: a handler that is not a function the reading can follow`);
      else registered.set(name, fn);
    }
  };
  let registryObject: ts.ObjectLiteralExpression | undefined;
  source.forEachChild(function find(node) {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === 'handlers') {
      const value = unwrap(node.initializer);
      if (value && ts.isObjectLiteralExpression(value)) registryObject = value;
    }
    node.forEachChild(find);
  });
  if (!registryObject) throw new Error(`${registry}: no \`handlers\` object`);
  readRegistry(registryObject);

  const statuses = new Map<string, Set<number>>();
  for (const [operationId, fn] of registered) {
    const found = new Set<number>();
    answersOf(fn, new Map(), [fn], found);
    statuses.set(operationId, found);
  }
  return { statuses, unreadable: [...new Set(unreadable)] };
}
