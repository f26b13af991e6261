// Every command of the sandbox command, in the order of the usage.
import { KEY_COMMANDS, PARTNER_COMMANDS, TRIAL_COMMANDS, USAGE_COMMANDS } from './accounts';
import { CLOCK_COMMANDS, REQUEST_COMMANDS } from './requests-and-clock';
import { FAULT_COMMANDS, RUN_COMMANDS } from './runs';
import { CONNECT_COMMANDS, SIMULATOR_COMMANDS } from './simulator';
import type { SandboxCommand } from './table';
import { WEBHOOK_COMMANDS } from './webhooks';

export const COMMANDS: readonly SandboxCommand[] = [
  ...PARTNER_COMMANDS,
  ...KEY_COMMANDS,
  ...CONNECT_COMMANDS,
  ...WEBHOOK_COMMANDS,
  ...SIMULATOR_COMMANDS,
  ...TRIAL_COMMANDS,
  ...USAGE_COMMANDS,
  ...REQUEST_COMMANDS,
  ...CLOCK_COMMANDS,
  ...FAULT_COMMANDS,
  ...RUN_COMMANDS,
];
