// Stateful sequences (sequences/): for each resource a request creates, checks named after Schemathesis's,
// driven by the links of openapi.yaml: resource availability after create, an edit read back as sent, and
// use after delete; and list consistency for every list operation. Each case makes its own resource and
// deletes it, so it holds alone and runs again.
import type { Case } from '../harness';
import { checksOf, editReadBack, linkKindsOf, resourceAvailability, useAfterDelete, type SequenceCheck } from '../sequences/engine';
import { listConsistency, listOperations } from '../sequences/lists';
import { SEEDS, type Seed } from '../sequences/seeds';

const CHECKS: Record<SequenceCheck, { name: (seed: Seed) => string; run: typeof resourceAvailability }> = {
  availability: {
    name: (s) => {
      const kinds = linkKindsOf(s.operationId);
      const what = [kinds.has('read') && 'found', kinds.has('list') && 'listed', kinds.has('use') && 'usable'].filter(Boolean).join(', ').replace(/, ([^,]+)$/, ' and $1');
      return `resource availability after create: ${s.resource} made by ${s.operationId} is ${what} through each link of its answer`;
    },
    run: resourceAvailability,
  },
  edit: { name: (s) => `an edit is read back as sent: ${s.resource} edited through its links reads back as edited`, run: editReadBack },
  useAfterDelete: {
    name: (s) => `use after delete: ${s.resource} deleted through its link is neither readable, listable, editable nor usable (404)`,
    run: useAfterDelete,
  },
};

/** The name of a sequence case (the drift harness names the cases it expects to fail). */
export const sequenceCaseName = (operationId: string, check: SequenceCheck) => CHECKS[check].name(SEEDS.find((s) => s.operationId === operationId)!);
export const listConsistencyCaseName = (operationId: string) => {
  const list = listOperations().find((l) => l.op.operationId === operationId)!;
  const filters = [...list.equality, ...(list.search ? ['search'] : []), ...(list.paging ? ['limit', 'offset'] : [])];
  return `list consistency: ${operationId} count is the number of results, and ${filters.join(', ')} each list exactly what they select`;
};

export const sequenceCases: Case[] = [
  ...SEEDS.flatMap((seed) =>
    checksOf(seed).map(
      (check): Case => ({
        operation: seed.operationId,
        name: CHECKS[check].name(seed),
        needs: ['state', 'rules', ...(seed.operationId === 'uploadMedia' ? (['binaryBodies'] as const) : [])],
        fixtures: seed.fixtures,
        run: (ctx) => CHECKS[check].run(ctx, seed),
      }),
    ),
  ),
  ...listOperations()
    .filter((l) => l.equality.length || l.search || l.paging)
    .map(
      (list): Case => ({
        operation: list.op.operationId,
        name: listConsistencyCaseName(list.op.operationId),
        needs: ['state', 'rules'],
        fixtures: ['chatClientRef'],
        run: (ctx) => listConsistency(ctx, list),
      }),
    ),
];
