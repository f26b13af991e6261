// Coverage per target: operation × documented status × error code, exercised or not. The documented cells
// come from openapi.yaml (each status of each operation; for error statuses, the `error.code` of every named
// example). Anything a target answered that the document does not name is listed as "undocumented". An
// operation counts as checked only once one of its documented 2xx answers was: refusals (a 401, a 404)
// prove nothing about what it does when it works.
import { contract } from '../spec';

export interface CoverageCell {
  operation: string;
  status: string;
  code: string | null;
  documented: boolean;
  hits: number;
}

const cellKey = (op: string, status: string, code: string | null) => `${op} ${status} ${code ?? ''}`;

export class Coverage {
  private readonly cells = new Map<string, CoverageCell>();

  constructor(readonly target: string) {
    for (const op of contract().operations) {
      for (const [status, res] of Object.entries(op.responses)) {
        if (res.errorCodes.length === 0) this.add(op.operationId, status, null, true);
        for (const code of res.errorCodes) this.add(op.operationId, status, code, true);
      }
    }
  }

  private add(operation: string, status: string, code: string | null, documented: boolean): CoverageCell {
    const key = cellKey(operation, status, code);
    let cell = this.cells.get(key);
    if (!cell) this.cells.set(key, (cell = { operation, status, code, documented, hits: 0 }));
    return cell;
  }

  record(operation: string, status: string, code: string | undefined): void {
    const exact = this.cells.get(cellKey(operation, status, code ?? null));
    if (exact) {
      exact.hits++;
      return;
    }
    // A success status with no documented code, or a code the document does not name for this status.
    const plain = code === undefined ? this.cells.get(cellKey(operation, status, null)) : undefined;
    if (plain) plain.hits++;
    else this.add(operation, status, code ?? null, false).hits++;
  }

  all(): CoverageCell[] {
    return [...this.cells.values()];
  }

  /** Operations none of whose documented 2xx answers was checked. */
  operationsWithoutSuccess(): string[] {
    return contract()
      .operations.map((o) => o.operationId)
      .filter((id) => !this.all().some((c) => c.operation === id && c.documented && c.status.startsWith('2') && c.hits > 0));
  }

  /** A markdown table: one row per operation, documented cells marked ✔ (exercised) or ✘. */
  table(): string {
    const lines = [
      `#### Coverage on ${this.target}`,
      '',
      '| operation | 2xx checked | documented status × code (✔ exercised, ✘ not) | undocumented answers |',
      '|---|---|---|---|',
    ];
    for (const op of contract().operations) {
      const cells = this.all().filter((c) => c.operation === op.operationId);
      const documented = cells.filter((c) => c.documented);
      const success = documented.some((c) => c.status.startsWith('2') && c.hits > 0);
      const list = documented.map((c) => `${c.hits > 0 ? '✔' : '✘'} ${c.status}${c.code ? ` ${c.code}` : ''}`).join(', ');
      const extra = cells.filter((c) => !c.documented).map((c) => `${c.status}${c.code ? ` ${c.code}` : ''}`).join(', ');
      lines.push(`| ${op.operationId} | ${success ? 'yes' : '**no**'} | ${list} | ${extra} |`);
    }
    return lines.join('\n');
  }
}
