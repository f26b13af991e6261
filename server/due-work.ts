// What comes due on a clock rather than on a request (the simulated reviewer's moves, webhook attempts), each
// partner's in its own time: a partner whose clock is ahead has its reviews run in its time and apart from
// the others' (which stay on the server's time); webhook attempts are due by each delivery's partner's time
// (the store adds the offsets) and made in it (the worker runs each in its partner's time).
import type { PartnerTime } from './domain/shared/partner-time';
import type { PartnerId } from './store/records';
import type { Store } from './store/repositories';
import type { DeliveryWorker } from './webhooks';

const PAGE = 500;

/** The simulated reviewer as the due work drives it: its due moves, of some provider accounts only or all but some. */
interface Reviewer {
  runDue(accounts?: { only?: ReadonlySet<string>; except?: ReadonlySet<string> }): Promise<unknown>;
}

export interface DueWork {
  /** Everything due now, every partner's in its time. */
  all(): Promise<void>;
  /** What is due now in one partner's time (after its clock moved), and its attempts started by then ended. */
  of(partnerId: PartnerId): Promise<void>;
}

export function dueWork(deps: { time: PartnerTime; store: Pick<Store, 'clients'>; reviewer: Reviewer; deliveries: DeliveryWorker }): DueWork {
  const { time, reviewer, deliveries } = deps;
  /** The provider accounts (business account ids) of the partner's clients: what its templates are under. */
  const accountsOf = async (partnerId: PartnerId): Promise<Set<string>> => {
    const accounts = new Set<string>();
    for (let offset = 0; ; offset += PAGE) {
      const page = await deps.store.clients.page(partnerId, PAGE, offset);
      for (const client of page) accounts.add(client.business_account_id);
      if (page.length < PAGE) return accounts;
    }
  };
  const reviewsOf = async (partnerId: PartnerId, accounts: ReadonlySet<string>) => {
    await time.within(partnerId, () => reviewer.runDue({ only: accounts }));
  };
  return {
    async all() {
      const ahead = await time.ahead();
      if (ahead.length === 0) await reviewer.runDue();
      else {
        const theirs = new Map<PartnerId, Set<string>>();
        for (const { partnerId } of ahead) theirs.set(partnerId, await accountsOf(partnerId));
        await reviewer.runDue({ except: new Set([...theirs.values()].flatMap((accounts) => [...accounts])) });
        for (const [partnerId, accounts] of theirs) await reviewsOf(partnerId, accounts);
      }
      await deliveries.runDue();
    },
    async of(partnerId) {
      await reviewsOf(partnerId, await accountsOf(partnerId));
      await deliveries.runDue();
      await deliveries.idle();
    },
  };
}
