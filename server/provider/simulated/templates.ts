import { createHash } from 'node:crypto';
import {
  ProviderError,
  type NotificationListener,
  type ProviderTemplate,
  type ProviderTemplateContent,
  type ProviderTemplateStatusUpdate,
  type TemplateMediaFormat,
  type TemplateMediaUpload,
  type TemplateProvider,
} from '../channel-provider';
import type { SimulatorClock, SimulatorIds } from './clock-and-ids';
import { Notifications } from './notifications';
import type { PlannedMove, SimulatedTemplate, SimulatorState } from './state';

/** The flag of SimulatorState set while every template call fails as unreachable. */
const UNREACHABLE = 'templates_unreachable';
/** A claimed move not completed within this time (its instance died) is taken by another instance. */
const MOVE_CLAIM_MS = 60_000;

export interface SimulatedTemplateOptions {
  /** Time the simulated review takes, and between later planned moves. TEMPLATE_REVIEW_DELAY_MS, default 5000. */
  reviewDelayMs: number;
}

/** Which accounts' templates a run of the reviewer takes: only these, or all but these. */
export interface AccountFilter {
  only?: ReadonlySet<string>;
  except?: ReadonlySet<string>;
}

/**
 * The template half of the simulated provider. Deterministic outcomes by (normalized) template name:
 *
 * | name contains | review result, then later moves (each after the review delay) |
 * |---|---|
 * | `reject`  | REJECTED, reason `INVALID_FORMAT` (an edit of a rejected template is approved) |
 * | `appeal`  | REJECTED (`INVALID_FORMAT`) → IN_APPEAL → APPROVED |
 * | `pause`   | APPROVED → PAUSED |
 * | `disable` | APPROVED → PAUSED → DISABLED |
 * | `flag`    | APPROVED → FLAGGED |
 * | `manual`  | stays PENDING until a result is decided in the sandbox |
 * | anything else | APPROVED |
 *
 * Also: a name containing `refuse` is refused at submission (400 with the provider's code `2388299`), a
 * name containing `undeletable` refuses deletion (code `100`), and `setReachable(false)` (sandbox: provider
 * availability) makes every template call fail as unreachable (the mirror then serves its last state with a
 * `warning`). Which `header_handle`s an account holds, the domain asks the media side (media.ts) before it
 * submits.
 */
export class SimulatedTemplates implements TemplateProvider {
  private readonly statusMoves = new Notifications<ProviderTemplateStatusUpdate>();

  constructor(
    private readonly state: SimulatorState,
    private readonly clock: SimulatorClock,
    private readonly ids: SimulatorIds,
    private readonly options: SimulatedTemplateOptions,
  ) {}

  static planFor(name: string): PlannedMove[] {
    const rejected = { status: 'REJECTED' as const, reason: 'INVALID_FORMAT' };
    if (name.includes('manual')) return [];
    if (name.includes('appeal')) return [rejected, { status: 'IN_APPEAL', reason: null }, { status: 'APPROVED', reason: null }];
    if (name.includes('reject')) return [rejected];
    if (name.includes('disable')) {
      return [{ status: 'APPROVED', reason: null }, { status: 'PAUSED', reason: null }, { status: 'DISABLED', reason: null }];
    }
    if (name.includes('pause')) return [{ status: 'APPROVED', reason: null }, { status: 'PAUSED', reason: null }];
    if (name.includes('flag')) return [{ status: 'APPROVED', reason: null }, { status: 'FLAGGED', reason: null }];
    return [{ status: 'APPROVED', reason: null }];
  }

  /** Shared by every instance on the data, like the outage of a real provider. */
  async setReachable(reachable: boolean): Promise<void> {
    await this.state.setFlag(UNREACHABLE, !reachable);
  }

  async isReachable(): Promise<boolean> {
    return !(await this.state.flag(UNREACHABLE));
  }

  onTemplateStatus(listener: NotificationListener<ProviderTemplateStatusUpdate>): void {
    this.statusMoves.add(listener);
  }

  async createTemplate(account: string, content: ProviderTemplateContent): Promise<ProviderTemplate> {
    await this.assertReachable();
    this.assertAcceptable(content);
    const now = this.clock();
    const template: SimulatedTemplate = {
      id: this.templateId(account, content),
      account,
      ...content,
      status: 'PENDING',
      reason: null,
      created_at: now,
      updated_at: now,
      plan: SimulatedTemplates.planFor(content.name),
      next_move_at: null,
    };
    template.next_move_at = template.plan.length ? new Date(now.getTime() + this.options.reviewDelayMs) : null;
    await this.state.saveTemplate(template);
    return strip(template);
  }

  async editTemplate(account: string, templateId: string, content: ProviderTemplateContent): Promise<ProviderTemplate> {
    await this.assertReachable();
    const current = await this.owned(account, templateId);
    this.assertAcceptable(content);
    const now = this.clock();
    const plan = current.status === 'REJECTED' ? [{ status: 'APPROVED' as const, reason: null }] : SimulatedTemplates.planFor(current.name);
    const template: SimulatedTemplate = {
      ...current,
      category: content.category,
      components: content.components,
      status: 'PENDING',
      reason: null,
      updated_at: now,
      plan,
      next_move_at: plan.length ? new Date(now.getTime() + this.options.reviewDelayMs) : null,
    };
    await this.state.saveTemplate(template);
    return strip(template);
  }

  async deleteTemplate(account: string, templateId: string): Promise<void> {
    await this.assertReachable();
    const current = await this.owned(account, templateId);
    if (current.name.includes('undeletable')) throw new ProviderError('rejected', 'Invalid parameter', '100');
    await this.state.deleteTemplate(templateId);
  }

  async listTemplates(account: string): Promise<ProviderTemplate[]> {
    await this.assertReachable();
    return (await this.state.templates(account)).map(strip);
  }

  async uploadTemplateMedia(account: string, upload: TemplateMediaUpload): Promise<{ handle: string; size: number }> {
    await this.assertReachable();
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of upload.content) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      hash.update(buffer);
      size += buffer.length;
    }
    const handle = `4::${Buffer.from(upload.mimeType).toString('base64')}:${this.ids.secret(36)}`;
    await this.state.saveHeaderMedia({
      handle,
      account,
      format: upload.format,
      mime_type: upload.mimeType,
      size,
      sha256: hash.digest('hex'),
      created_at: this.clock(),
    });
    return { handle, size };
  }

  /**
   * Header media under a chosen handle (the sandbox's examples, whose handle the contract's examples name).
   * False when another account holds the handle.
   */
  async keepHeaderMediaAs(account: string, handle: string, media: { format: TemplateMediaFormat; mimeType: string; bytes: Buffer }): Promise<boolean> {
    const held = await this.state.headerMedia(handle);
    if (held) return held.account === account;
    await this.state.saveHeaderMedia({
      handle,
      account,
      format: media.format,
      mime_type: media.mimeType,
      size: media.bytes.length,
      sha256: createHash('sha256').update(media.bytes).digest('hex'),
      created_at: this.clock(),
    });
    return true;
  }

  /**
   * A template under a chosen id in a given status, with no review planned (the sandbox's examples): made
   * anew, or put back as described after an edit or a deletion. False when another account holds the id.
   */
  async keepAs(account: string, template: Omit<ProviderTemplate, 'created_at' | 'updated_at'>): Promise<boolean> {
    const held = await this.state.template(template.id);
    if (held && held.account !== account) return false;
    const now = this.clock();
    await this.state.saveTemplate({ ...template, account, created_at: held?.created_at ?? now, updated_at: now, plan: [], next_move_at: null });
    return true;
  }

  /**
   * Runs every planned move due now (the simulated reviewer's clock tick). Each move is claimed first, so
   * with several instances on the data exactly one makes it; a claim never completed (its instance died) is
   * taken again after MOVE_CLAIM_MS.
   */
  async runDue(accounts?: AccountFilter): Promise<number> {
    let moved = 0;
    const now = this.clock();
    for (const template of await this.state.dueTemplates(now)) {
      if (accounts && !(accounts.only?.has(template.account) ?? true)) continue;
      if (accounts?.except?.has(template.account)) continue;
      const [step, ...rest] = template.plan;
      if (!step || !template.next_move_at) continue;
      if (!(await this.state.claimMove(template.id, template.next_move_at, new Date(now.getTime() + MOVE_CLAIM_MS)))) continue;
      await this.move(template, step, rest);
      moved += 1;
    }
    return moved;
  }

  /** The sandbox decides the next move now; later planned moves are dropped. */
  async decide(templateId: string, status: ProviderTemplate['status'], reason: string | null): Promise<ProviderTemplate> {
    const template = await this.state.template(templateId);
    if (!template) throw new ProviderError('rejected', `Unknown template ${templateId}.`, '100');
    return this.move(template, { status, reason }, []);
  }

  /** The next move the simulated reviewer plans for a template, if any. */
  async plannedNext(templateId: string): Promise<PlannedMove | undefined> {
    return (await this.state.template(templateId))?.plan[0];
  }

  private async move(template: SimulatedTemplate, step: PlannedMove, rest: PlannedMove[]): Promise<ProviderTemplate> {
    const now = this.clock();
    const next: SimulatedTemplate = {
      ...template,
      status: step.status,
      reason: step.status === 'REJECTED' ? (step.reason ?? 'INVALID_FORMAT') : null,
      updated_at: now,
      plan: rest,
      next_move_at: rest.length ? new Date(now.getTime() + this.options.reviewDelayMs) : null,
    };
    await this.state.saveTemplate(next);
    const update: ProviderTemplateStatusUpdate = {
      business_account_id: template.account,
      template_id: template.id,
      status: next.status,
      reason: next.reason,
      at: now,
    };
    await this.statusMoves.send(update);
    return strip(next);
  }

  private async owned(account: string, templateId: string): Promise<SimulatedTemplate> {
    const template = await this.state.template(templateId);
    if (!template || template.account !== account) throw new ProviderError('rejected', `Unknown template ${templateId}.`, '100');
    return template;
  }

  private assertAcceptable(content: ProviderTemplateContent): void {
    if (content.name.includes('refuse')) {
      throw new ProviderError('rejected', "Variables can't be at the start or end of the template.", '2388299');
    }
  }

  private async assertReachable(): Promise<void> {
    if (!(await this.isReachable())) throw new ProviderError('unavailable', 'The channel provider did not answer.');
  }

  /** Provider ids are 16 digits. */
  private templateId(account: string, content: ProviderTemplateContent): string {
    const hex = createHash('sha256').update(`${account}:${content.name}:${content.language}:${this.ids.id('tpl')}`).digest('hex');
    return `1${BigInt(`0x${hex}`).toString().slice(0, 15)}`;
  }
}

function strip(t: SimulatedTemplate): ProviderTemplate {
  return {
    id: t.id,
    name: t.name,
    language: t.language,
    category: t.category,
    status: t.status,
    reason: t.reason,
    components: t.components,
    created_at: t.created_at,
    updated_at: t.updated_at,
  };
}
