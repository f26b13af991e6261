// JSON files a user writes by hand (the fixtures file, the baseline): parsed strictly, and every error named
// with its line, a syntax error where the parser stopped, a wrong value where it stands.

/** A JSON file that cannot be used; the message names the file and the line. */
export class JsonFileError extends Error {}

/** The line (1-based) of a character offset. */
const lineAt = (text: string, offset: number) => text.slice(0, Math.max(0, offset)).split('\n').length;

/**
 * The offset of the first character that breaks JSON (JSON.parse's messages differ between Node versions and
 * realms, and some name no position): a recursive descent over the grammar that only finds where it fails.
 */
export function syntaxErrorOffset(text: string): number {
  let i = 0;
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const literal = (word: string) => (text.startsWith(word, i) ? void (i += word.length) : fail());
  const string = () => {
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text.charCodeAt(i) < 0x20) fail();
      if (text[i] === '\\') {
        i++;
        if (text[i] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail();
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? 'x')) fail();
      }
      i++;
    }
    if (i >= text.length) fail();
    i++;
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === '{') {
      i++;
      space();
      if (text[i] === '}') return void i++;
      for (;;) {
        space();
        if (text[i] !== '"') fail();
        string();
        space();
        if (text[i] !== ':') fail();
        i++;
        value();
        space();
        if (text[i] === '}') return void i++;
        if (text[i] !== ',') fail();
        i++;
      }
    }
    if (c === '[') {
      i++;
      space();
      if (text[i] === ']') return void i++;
      for (;;) {
        value();
        space();
        if (text[i] === ']') return void i++;
        if (text[i] !== ',') fail();
        i++;
      }
    }
    if (c === '"') return string();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    const number = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!number) fail();
    i += number![0].length;
  };
  try {
    value();
    space();
    return i < text.length ? i : -1;
  } catch (offset) {
    return offset as number;
  }
}

export interface ParsedJson {
  value: unknown;
  /** The line of the value at a JSON pointer (`/accepted/2`, `/chat_client_ref`). */
  lineOf(pointer: string): number;
}

/** Parses JSON text; a syntax error throws JsonFileError naming `where` and the line. */
export function parseJsonLines(text: string, where: string): ParsedJson {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const message = (e as Error).message.replace(/\s*\(line \d+ column \d+\)/, '').replace(/, "[\s\S]*" is not valid JSON$/, '');
    const offset = syntaxErrorOffset(text);
    throw new JsonFileError(`${where}:${lineAt(text, offset < 0 ? text.length : offset)}: not valid JSON: ${message}`);
  }
  const lines = valueLines(text);
  return { value, lineOf: (pointer) => lines.get(pointer) ?? 1 };
}

const escapeKey = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** The line where each value of (valid) JSON text starts, by JSON pointer. */
function valueLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  const stack: { pointer: string; kind: 'object' | 'array'; index: number; key?: string }[] = [];
  let line = 1;
  let expectingKey = false;
  const pointerOfNext = () => {
    const top = stack.at(-1);
    if (!top) return '';
    return top.kind === 'array' ? `${top.pointer}/${top.index}` : `${top.pointer}/${escapeKey(top.key ?? '')}`;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') line++;
    if (/\s/.test(c) || c === ':') continue;
    if (c === ',') {
      const top = stack.at(-1);
      if (top?.kind === 'array') top.index++;
      if (top?.kind === 'object') expectingKey = true;
      continue;
    }
    if (c === '}' || c === ']') {
      stack.pop();
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      let s = '';
      for (; text[j] !== '"'; j++) s += text[j] === '\\' ? `\\${text[++j]}` : text[j];
      if (expectingKey) {
        stack.at(-1)!.key = JSON.parse(`"${s}"`) as string;
        expectingKey = false;
      } else lines.set(pointerOfNext(), line);
      i = j;
      continue;
    }
    const pointer = pointerOfNext();
    lines.set(pointer, line);
    if (c === '{' || c === '[') {
      stack.push({ pointer, kind: c === '{' ? 'object' : 'array', index: 0 });
      expectingKey = c === '{';
      continue;
    }
    while (i + 1 < text.length && /[^\s,}\]]/.test(text[i + 1]!)) i++;
  }
  return lines;
}
