// The SQL statements a request runs, recorded once and replayed by the floors (bench/subjects/
// express-validator-floor.ts): the floor of a send does the same database work as the server's send, on the
// same kind of store, with nothing of the server's rules around it. A send is recorded twice in a row (its
// caches warm, as under load); the values that differ between the two (message, event and delivery ids, times)
// are the ones each replay makes its own, so the replayed rows are new rows as the server's are.
import { WatchedConnection, type SqlConnection, type StatementKind } from '../server/store/sql/connection';

/** One statement, or a transaction of them. */
export type Step = { kind: StatementKind; sql: string; params: unknown[] } | { kind: 'transaction'; steps: Step[] };

/** Records the statements made on a connection while `record` runs (those of transactions included). */
export class RecordingConnection extends WatchedConnection {
  private into: Step[] | undefined;

  constructor(
    inner: SqlConnection,
    /** A transaction's recorder writes into its transaction's steps. */
    private readonly transactionSteps?: Step[],
  ) {
    super(inner);
  }

  /** The statements made while `fn` ran. */
  async record(fn: () => Promise<unknown>): Promise<Step[]> {
    const steps: Step[] = [];
    this.into = steps;
    try {
      await fn();
    } finally {
      this.into = undefined;
    }
    return steps;
  }

  override transaction<T>(fn: (tx: SqlConnection) => Promise<T>): Promise<T> {
    const steps: Step[] = [];
    this.note({ kind: 'transaction', steps });
    return this.inner.transaction((tx) => fn(new RecordingConnection(tx, steps)));
  }

  protected watch<T>(kind: StatementKind, sql: string, params: readonly unknown[] | undefined, statement: () => Promise<T>): Promise<T> {
    this.note({ kind, sql, params: [...(params ?? [])] });
    return statement();
  }

  private note(step: Step): void {
    (this.transactionSteps ?? this.into)?.push(step);
  }
}

/** A recorded request to replay: its statements, and the values each replay makes its own. */
export interface StatementPlan {
  steps: Step[];
  /** Strings that differed between two recordings (ids): each replay gives them a suffix of its own, wherever they occur. */
  varying: string[];
}

const flatten = (steps: Step[]): Step[] => steps.flatMap((s) => (s.kind === 'transaction' ? [s, ...flatten(s.steps)] : [s]));

/** The plan of a request recorded twice in a row: the same statements, or an error saying where they part. */
export function planOf(first: Step[], second: Step[]): StatementPlan {
  const a = flatten(first);
  const b = flatten(second);
  const shape = (s: Step) => (s.kind === 'transaction' ? `transaction of ${s.steps.length}` : `${s.kind} ${s.sql}`);
  if (a.length !== b.length || a.some((s, i) => shape(s) !== shape(b[i]!))) {
    throw new Error(`the request ran different statements twice in a row:\n${a.map(shape).join('\n')}\n---\n${b.map(shape).join('\n')}`);
  }
  const varying = new Set<string>();
  a.forEach((s, i) => {
    const t = b[i]!;
    if (s.kind === 'transaction' || t.kind === 'transaction') return;
    s.params.forEach((value, j) => {
      const other = t.params[j];
      if (value !== other && typeof other === 'string') varying.add(other);
    });
  });
  // Longest first: an id inside a longer varying value (an event's JSON) is replaced within it too.
  return { steps: second, varying: [...varying].sort((x, y) => y.length - x.length) };
}

/** Runs the plan's statements on `db`, with replay `n`'s own values. */
export async function replay(db: SqlConnection, plan: StatementPlan, n: number): Promise<void> {
  const own = (value: unknown): unknown => {
    if (typeof value !== 'string') return value;
    let text = value;
    for (const v of plan.varying) if (text.includes(v)) text = text.split(v).join(`${v}~${n}`);
    return text;
  };
  const run = async (on: SqlConnection, steps: Step[]): Promise<void> => {
    for (const step of steps) {
      if (step.kind === 'transaction') await on.transaction((tx) => run(tx, step.steps));
      else await on[step.kind](step.sql, step.params.map(own));
    }
  };
  await run(db, plan.steps);
}
