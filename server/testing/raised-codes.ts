// Which error codes each operation's handler can raise, read from the server's source with the TypeScript
// compiler: from the handler (a property named after an operation id in an object of handlers), every
// function, method and value it refers to is followed, transitively, and every expression whose type is a
// `DomainError<C>` contributes the codes of `C`. A code typed as a type parameter is the caller's: it is
// counted where the call fixes it. The walk over-approximates (a function reached counts whole), which is the
// safe side for a check that every raised code is documented.
import { join, relative } from 'node:path';
import ts from 'typescript';
import { ERROR_CODES } from '../../generated/constants';

export interface RaisedCodes {
  /** Operation id → code → where it is raised (`file:line`). */
  byOperation: Map<string, Map<string, string[]>>;
  /** Raise sites whose code the types do not pin to literals (a `string`, every code at once). */
  undetermined: string[];
}

const ROOT = join(__dirname, '..', '..');

/** Reads the handlers in `handlerFiles` (paths from the project's root) of the given operation ids. */
export function raisedCodes(handlerFiles: readonly string[], operationIds: ReadonlySet<string>): RaisedCodes {
  const configPath = join(ROOT, 'tsconfig.json');
  const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(String(d.messageText)); } });
  if (!config) throw new Error(`cannot read ${configPath}`);
  const files = handlerFiles.map((f) => join(ROOT, f));
  const program = ts.createProgram(files, config.options);
  const checker = program.getTypeChecker();
  const byOperation = new Map<string, Map<string, string[]>>();
  const undetermined = new Set<string>();

  const isOwnSource = (node: ts.Node) => {
    const file = node.getSourceFile().fileName;
    return !file.includes('/node_modules/') && !file.endsWith('.d.ts') && !relative(ROOT, file).startsWith('..');
  };
  const where = (node: ts.Node) => {
    const source = node.getSourceFile();
    return `${relative(ROOT, source.fileName)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  };

  /** The codes of a `DomainError<C>` typed expression, or undefined when its type is not one. */
  const codesOf = (node: ts.Expression): string[] | 'type-parameter' | 'undetermined' | undefined => {
    const type = checker.getTypeAtLocation(node);
    if (!isDomainError(type)) return undefined;
    const code = type.getProperty('code');
    if (!code) return undefined;
    const codeType = checker.getTypeOfSymbolAtLocation(code, node);
    if (codeType.flags & ts.TypeFlags.TypeParameter) return 'type-parameter';
    const members = codeType.isUnion() ? codeType.types : [codeType];
    // every code at once: a DomainError whose code the types forgot (an annotation without its type argument)
    if (!members.every((m) => m.isStringLiteral()) || members.length === ERROR_CODES.length) return 'undetermined';
    return members.map((m) => (m as ts.StringLiteralType).value);
  };
  /** Whether a value of `type` is a DomainError (the class of errors/, or one extending it). */
  const isDomainError = (type: ts.Type): boolean => {
    for (let symbol = type.getSymbol(); symbol; ) {
      if (symbol.getName() === 'DomainError' && symbol.declarations?.some(isOwnSource)) return true;
      const declared = checker.getDeclaredTypeOfSymbol(symbol);
      if (!declared.isClassOrInterface()) return false;
      symbol = checker.getBaseTypes(declared)[0]?.getSymbol();
    }
    return false;
  };

  /** The bodies a reference leads to: functions, methods, constructors, initializers of own source. */
  const bodiesOf = (node: ts.Node): ts.Node[] => bodiesOfSymbol(checker.getSymbolAtLocation(node));
  const bodiesOfSymbol = (found: ts.Symbol | undefined): ts.Node[] => {
    let symbol = found;
    if (!symbol) return [];
    if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const bodies: ts.Node[] = [];
    for (const declaration of symbol.declarations ?? []) {
      if (!isOwnSource(declaration)) continue;
      if (ts.isFunctionLike(declaration) && 'body' in declaration && declaration.body) bodies.push(declaration);
      else if ((ts.isVariableDeclaration(declaration) || ts.isPropertyDeclaration(declaration) || ts.isPropertyAssignment(declaration)) && declaration.initializer) bodies.push(declaration.initializer);
      else if (ts.isShorthandPropertyAssignment(declaration)) bodies.push(...bodiesOfSymbol(checker.getShorthandAssignmentValueSymbol(declaration)));
      else if (ts.isClassDeclaration(declaration)) for (const member of declaration.members) if (ts.isConstructorDeclaration(member) && member.body) bodies.push(member);
    }
    return bodies;
  };

  const walk = (root: ts.Node, raised: Map<string, string[]>) => {
    const seen = new Set<ts.Node>();
    const queue: ts.Node[] = [root];
    while (queue.length > 0) {
      const next = queue.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      const visit = (node: ts.Node): void => {
        if (ts.isTypeNode(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return;
        if (ts.isNewExpression(node) || ts.isCallExpression(node)) {
          const codes = codesOf(node);
          if (codes === 'undetermined') undetermined.add(where(node));
          else if (Array.isArray(codes)) for (const code of codes) raised.set(code, [...(raised.get(code) ?? []), where(node)]);
        }
        if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) queue.push(...bodiesOf(node));
        if (ts.isNewExpression(node)) {
          const signature = checker.getResolvedSignature(node);
          const declaration = signature?.getDeclaration();
          if (declaration && isOwnSource(declaration) && ts.isConstructorDeclaration(declaration)) queue.push(declaration);
        }
        ts.forEachChild(node, visit);
      };
      visit(next);
    }
  };

  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`${file} is not in the program`);
    const visit = (node: ts.Node): void => {
      if ((ts.isPropertyAssignment(node) || ts.isMethodDeclaration(node)) && ts.isIdentifier(node.name) && operationIds.has(node.name.text)) {
        const raised = byOperation.get(node.name.text) ?? new Map<string, string[]>();
        byOperation.set(node.name.text, raised);
        walk(ts.isPropertyAssignment(node) ? node.initializer : node, raised);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { byOperation, undetermined: [...undetermined] };
}
