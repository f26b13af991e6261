// JSON files a user writes by hand (the fixtures file, the baseline): parsed strictly, and every error named
// with its line, a syntax error where the parser stopped, a wrong value where it stands.

/** A JSON file that cannot be used; the message names the file and the line. */
export class JsonFileError extends Error {}

/** The line (1-based) of a character offset. */
const lineAt = (text: string, offset: number) => text.slice(0, Math.max(0, offset)).split('\n').length;

/** Where JSON.parse stopped: its message names a position (Node 20) or a line (Node 22 and later). */
function syntaxLine(text: string, message: string): number {
  const line = /\(line (\d+) column \d+\)/.exec(message);
  if (line) return Number(line[1]);
  const position = /at position (\d+)/.exec(message);
  if (position) return lineAt(text, Number(position[1]));
  return text.split('\n').length;
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
    const message = (e as Error).message.replace(/\s*\(line \d+ column \d+\)/, '');
    throw new JsonFileError(`${where}:${syntaxLine(text, (e as Error).message)}: not valid JSON: ${message}`);
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
